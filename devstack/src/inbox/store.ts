/**
 * The inbox's storage: one JSON file per message under `<dataDir>/inbox/`. Files rather than
 * memory so the inbox survives restarts and any process holding the data folder can read it.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface MailLink {
  label: string;
  url: string;
}

export interface Mail {
  to: string;
  subject: string;
  html: string;
  text: string;
  links: MailLink[];
}

export interface StoredMail extends Mail {
  id: string;
  created_at: string;
}

const ID_PATTERN = /^[0-9a-z]{9}-[0-9a-z]{4}-[0-9a-f]{6}$/;
let sequence = 0;

/** Ids sort by creation time (then by a per-process counter), so "newest first" is a string sort. */
function newId(now: number): string {
  sequence = (sequence + 1) % 36 ** 4;
  const time = now.toString(36).padStart(9, '0');
  const seq = sequence.toString(36).padStart(4, '0');
  return `${time}-${seq}-${randomBytes(3).toString('hex')}`;
}

export function isMailId(id: string): boolean {
  return ID_PATTERN.test(id);
}

export async function saveMail(dir: string, mail: Mail): Promise<StoredMail> {
  await mkdir(dir, { recursive: true });
  const now = Date.now();
  const stored: StoredMail = { id: newId(now), ...mail, created_at: new Date(now).toISOString() };
  const file = path.join(dir, `${stored.id}.json`);
  // Write then rename: a reader never sees a half-written message.
  await writeFile(`${file}.tmp`, JSON.stringify(stored, null, 2));
  await rename(`${file}.tmp`, file);
  return stored;
}

async function mailIds(dir: string): Promise<string[]> {
  try {
    const names = await readdir(dir);
    return names
      .filter((name) => name.endsWith('.json'))
      .map((name) => name.slice(0, -'.json'.length))
      .filter(isMailId);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

export async function readMail(dir: string, id: string): Promise<StoredMail | null> {
  if (!isMailId(id)) return null;
  try {
    return JSON.parse(await readFile(path.join(dir, `${id}.json`), 'utf8')) as StoredMail;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Newest first; `to` filters by recipient, case-insensitively. */
export async function listMails(dir: string, to?: string | null): Promise<StoredMail[]> {
  const ids = (await mailIds(dir)).sort().reverse();
  const mails = (await Promise.all(ids.map((id) => readMail(dir, id)))).filter(
    (mail): mail is StoredMail => mail !== null,
  );
  if (!to) return mails;
  const wanted = to.trim().toLowerCase();
  return mails.filter((mail) => mail.to.toLowerCase() === wanted);
}

export async function deleteMails(dir: string, id?: string): Promise<number> {
  const ids = id ? (isMailId(id) ? [id] : []) : await mailIds(dir);
  let deleted = 0;
  for (const each of ids) {
    try {
      await rm(path.join(dir, `${each}.json`));
      deleted += 1;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return deleted;
}
