import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { deleteMails, listMails, readMail, saveMail } from './store.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'inbox-test-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const mail = (to: string, subject: string) => ({ to, subject, html: '<p>hi</p>', text: 'hi', links: [{ label: 'Open', url: 'http://x/y' }] });

describe('inbox store', () => {
  it('lists newest first and filters by recipient case-insensitively', async () => {
    const dir = tempDir();
    await saveMail(dir, mail('a@example.com', 'first'));
    await saveMail(dir, mail('b@example.com', 'second'));
    await saveMail(dir, mail('A@example.com', 'third'));
    expect((await listMails(dir)).map((m) => m.subject)).toEqual(['third', 'second', 'first']);
    expect((await listMails(dir, 'a@EXAMPLE.com')).map((m) => m.subject)).toEqual(['third', 'first']);
  });

  it('reads one message by id and refuses ids that could leave the folder', async () => {
    const dir = tempDir();
    const saved = await saveMail(dir, mail('a@example.com', 'hello'));
    expect(await readMail(dir, saved.id)).toMatchObject({ subject: 'hello', links: [{ label: 'Open' }] });
    expect(await readMail(dir, '../../etc/passwd')).toBeNull();
  });

  it('deletes all messages', async () => {
    const dir = tempDir();
    await saveMail(dir, mail('a@example.com', 'one'));
    expect(await deleteMails(dir)).toBe(1);
    expect(await listMails(dir)).toEqual([]);
    expect(await listMails(path.join(dir, 'missing'))).toEqual([]);
  });
});
