import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isAppError } from '@/lib/errors';
import { server } from '@/test/msw/server';
import { buildZip, fetchBlob, saveBlob } from './download';

const FILE_URL = 'http://files.test/a.jpg';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** jsdom's Blob has no arrayBuffer(); FileReader works everywhere. */
function readBytes(blob: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(blob);
  });
}

describe('saveBlob', () => {
  it('downloads the blob under the given name and revokes its URL after 1 s', () => {
    vi.useFakeTimers();
    URL.createObjectURL = vi.fn(() => 'blob:file');
    URL.revokeObjectURL = vi.fn();
    const clicks: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ href: this.href, download: this.download });
    });

    saveBlob(new Blob(['x']), 'refined-portrait-2026-11-22-1a2b3c4d.jpg');

    expect(clicks).toEqual([{ href: 'blob:file', download: 'refined-portrait-2026-11-22-1a2b3c4d.jpg' }]);
    expect(document.querySelector('a')).toBeNull();
    vi.advanceTimersByTime(999);
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:file');
  });
});

describe('fetchBlob', () => {
  it('returns the file behind the URL', async () => {
    server.use(http.get(FILE_URL, () => new HttpResponse('image bytes')));
    expect(await (await fetchBlob(FILE_URL)).text()).toBe('image bytes');
  });

  it('throws a storage AppError when the file is not there', async () => {
    server.use(http.get(FILE_URL, () => new HttpResponse(null, { status: 404 })));
    const error = await fetchBlob(FILE_URL).catch((e: unknown) => e);
    expect(isAppError(error) && error.code).toBe('storage');
  });
});

describe('buildZip', () => {
  it('puts every entry, by name, into one ZIP and reports the bytes written', async () => {
    const written: number[] = [];
    // Responses, as the library streams them (jsdom's Blob has no stream(), which client-zip needs).
    async function* entries() {
      yield { name: 'one.txt', input: new Response('first'), lastModified: new Date('2026-11-22T00:00:00Z') };
      yield { name: 'two.txt', input: new Response('second') };
    }
    const zip = await buildZip(entries(), (n) => written.push(n));

    expect(zip.type).toBe('application/zip');
    const text = new TextDecoder().decode(await readBytes(zip));
    expect(text.startsWith('PK')).toBe(true);
    expect(text).toContain('one.txt');
    expect(text).toContain('two.txt');
    expect(text).toContain('first');
    expect(written.at(-1)).toBe(zip.size);
    expect(written).toEqual([...written].sort((a, b) => a - b));
  });
});
