/**
 * Object bytes on disk. A file is keyed ONLY by the object's version (a UUID this service
 * generates on every write), never by the object or bucket name, so no name can reach outside
 * `<dataDir>/storage/`. Writes land in `tmp/` first and are renamed into place inside the
 * database transaction; old versions are removed only after the transaction that replaced or
 * deleted them has committed.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { isUuid } from './keys.js';

export class BlobStore {
  constructor(private readonly root: string) {}

  private dir(...parts: string[]): string {
    return path.join(this.root, ...parts);
  }

  objectPath(version: string): string {
    // Versions come from our own randomUUID(); anything else (e.g. a row written by hand in SQL)
    // has no bytes here and must not be turned into a path.
    if (!isUuid(version)) throw new Error(`not a storage version: ${version}`);
    return this.dir('objects', version.slice(0, 2), version);
  }

  async exists(version: string | null | undefined): Promise<boolean> {
    if (!version || !isUuid(version)) return false;
    try {
      return (await fsp.stat(this.objectPath(version))).isFile();
    } catch {
      return false;
    }
  }

  async newTempPath(): Promise<string> {
    await fsp.mkdir(this.dir('tmp'), { recursive: true });
    return this.dir('tmp', randomUUID());
  }

  /** Moves a finished temp file to its version's place. */
  async commit(tempPath: string, version: string): Promise<void> {
    const target = this.objectPath(version);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.rename(tempPath, target);
  }

  async copy(fromVersion: string, toVersion: string): Promise<void> {
    const target = this.objectPath(toVersion);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.copyFile(this.objectPath(fromVersion), target);
  }

  /** Removes a version's bytes and its rendered images; missing files are fine. */
  async remove(version: string | null | undefined): Promise<void> {
    if (!version || !isUuid(version)) return;
    await Promise.all([
      fsp.rm(this.objectPath(version), { force: true }),
      fsp.rm(this.renderDir(version), { recursive: true, force: true }),
    ]);
  }

  async removeTemp(tempPath: string | undefined): Promise<void> {
    if (tempPath) await fsp.rm(tempPath, { force: true });
  }

  renderDir(version: string): string {
    if (!isUuid(version)) throw new Error(`not a storage version: ${version}`);
    return this.dir('render-cache', version);
  }

  createReadStream(version: string, range?: { start: number; end: number }): fs.ReadStream {
    return fs.createReadStream(this.objectPath(version), range);
  }
}
