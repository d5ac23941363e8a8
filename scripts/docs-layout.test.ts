/**
 * docs/architecture.md §3 describes the repository's folders. This test keeps it true. Every
 * top-level folder, and every folder directly under the parents below, must have a line in §3's
 * layout block. Every path named there must exist, so the doc never describes folders that are gone.
 *
 * The layout block is the first fenced block of §3. An entry is a line that starts at column 0 with
 * a path from the repository root (`src/app/`, `worker/src/routes.ts`). Indented lines continue the
 * previous entry's description. `<x>` stands for any name (`src/features/<f>/`).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DOC = 'docs/architecture.md';
/** Folders whose direct subfolders must each be described, besides the top level. */
const PARENTS = ['src', 'worker/src', 'supabase', 'packages'];

const isDir = (rel: string) => existsSync(path.join(ROOT, rel)) && statSync(path.join(ROOT, rel)).isDirectory();

/**
 * The repository's files as git knows them: tracked, plus untracked files that are not ignored, so a
 * new folder is caught before its first commit. Files deleted in the working tree are dropped.
 */
function repoFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return out.split('\0').filter((file) => file && existsSync(path.join(ROOT, file)));
}

/** The folders that must be described: top-level ones (not dot-folders) and those directly under PARENTS. */
function requiredFolders(files: string[]): string[] {
  const folders = new Set<string>();
  for (const file of files) {
    const segments = file.split('/');
    if (segments.length > 1 && !segments[0]!.startsWith('.')) folders.add(segments[0]!);
    for (const parent of PARENTS) {
      const prefix = `${parent}/`;
      if (!file.startsWith(prefix)) continue;
      const rest = file.slice(prefix.length).split('/');
      if (rest.length > 1 && !rest[0]!.startsWith('.')) folders.add(`${parent}/${rest[0]}`);
    }
  }
  return [...folders].filter(isDir).sort();
}

/** The first fenced block of the doc's section 3, or an error that says what is missing. */
function layoutBlock(doc: string): string {
  const start = doc.search(/^## 3\. /m);
  if (start < 0) throw new Error(`${DOC} has no "## 3. Folder layout" section: code comments cite it by number, so keep it.`);
  const afterHeading = doc.slice(start + 1);
  const next = afterHeading.search(/^## /m);
  const section = next < 0 ? afterHeading : afterHeading.slice(0, next);
  const block = /^```[^\n]*\n([\s\S]*?)^```/m.exec(section);
  if (!block) throw new Error(`${DOC} §3 has no fenced layout block (\`\`\` … \`\`\`) listing the folders.`);
  return block[1]!;
}

/** Entries of the layout: the path at the start of each unindented line, without a trailing slash. */
function layoutEntries(block: string): string[] {
  return block
    .split('\n')
    .filter((line) => /^\S/.test(line))
    .map((line) => line.split(/\s+/)[0]!)
    .filter((token) => token.includes('/'))
    .map((token) => token.replace(/\/+$/, ''));
}

/** The part of an entry that must exist: up to its first placeholder (`src/features/<f>` → `src/features`). */
function concretePart(entry: string): string {
  const segments = entry.split('/');
  const placeholder = segments.findIndex((segment) => segment.includes('<'));
  return placeholder < 0 ? entry : segments.slice(0, placeholder).join('/');
}

const doc = readFileSync(path.join(ROOT, DOC), 'utf8');
const entries = layoutEntries(layoutBlock(doc));

describe(`${DOC} §3 folder layout`, () => {
  it('finds the layout and the folders to check', () => {
    expect(entries.length, `${DOC} §3's layout block names no paths`).toBeGreaterThan(10);
    expect(requiredFolders(repoFiles())).toContain('src/app');
  });

  it('describes every top-level folder and every folder directly under src/, worker/src/, supabase/ and packages/', () => {
    const missing = requiredFolders(repoFiles()).filter((folder) => !entries.some((entry) => entry === folder || entry.startsWith(`${folder}/`)));
    const advice = missing.map((folder) => `  ${folder}/ is not described: add a line "${folder}/   <what goes here>" at column 0 of the layout block in ${DOC} §3 (or remove the folder, or git-ignore it if it is generated).`);
    expect(missing, `Folders missing from ${DOC} §3:\n${advice.join('\n')}`).toEqual([]);
  });

  it('names only paths that exist', () => {
    const gone = entries.filter((entry) => !existsSync(path.join(ROOT, concretePart(entry))));
    const advice = gone.map((entry) => `  ${entry} does not exist: update or remove its line in the layout block of ${DOC} §3 (was it renamed or moved?).`);
    expect(gone, `Paths in ${DOC} §3 that are gone:\n${advice.join('\n')}`).toEqual([]);
  });

  it('names folders with a trailing slash and files without one', () => {
    const lines = layoutBlock(doc).split('\n').filter((line) => /^\S/.test(line)).map((line) => line.split(/\s+/)[0]!).filter((token) => token.includes('/') && !token.includes('<'));
    const wrong = lines.filter((token) => {
      const target = path.join(ROOT, token.replace(/\/+$/, ''));
      if (!existsSync(target)) return false; // reported by the test above
      return statSync(target).isDirectory() !== token.endsWith('/');
    });
    const advice = wrong.map((token) => `  ${token}: ${token.endsWith('/') ? 'is a file: drop the trailing slash' : 'is a folder: end it with a slash'} in ${DOC} §3.`);
    expect(wrong, `Layout entries whose slash is wrong:\n${advice.join('\n')}`).toEqual([]);
  });
});
