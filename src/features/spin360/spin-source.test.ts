import { describe, expect, it } from 'vitest';
import { detectVideo } from '@/domains/jobs/video-file';
import { prepareFrames, prepareVideo, sequenceOrder, splitSelection, type PhotoDecoder } from './spin-source';

const JPEG = [0xff, 0xd8, 0xff, 0xe0];
const jpeg = (name: string, lastModified = 0) => new File([new Uint8Array([...JPEG, ...new Array(60).fill(0)])], name, { type: 'image/jpeg', lastModified });
const mp4 = (name = 'turn.mp4', brand = 'isom') => new File([new Uint8Array([0, 0, 0, 24, ...[...`ftyp${brand}`].map((c) => c.charCodeAt(0)), 0, 0, 0, 0])], name, { type: 'video/mp4' });

/** A decoder that knows each photo's size by name ("portrait" in a name turns it). */
const decoder: PhotoDecoder = {
  async decode(file) {
    if (file.name.includes('broken')) throw new Error('cannot decode');
    const portrait = file.name.includes('portrait');
    return { width: portrait ? 300 : 400, height: portrait ? 400 : 300, thumb: new Blob(['t']), upload: file };
  },
};

describe('a photo sequence', () => {
  it('is sorted by the number in the names, then by capture time', () => {
    const files = [jpeg('IMG_10.jpg'), jpeg('IMG_2.jpg'), jpeg('shot.jpg', 2), jpeg('other.jpg', 1)];
    expect([...files].sort(sequenceOrder).map((f) => f.name)).toEqual(['IMG_2.jpg', 'IMG_10.jpg', 'other.jpg', 'shot.jpg']);
  });

  it('needs 8 to 72 photos', async () => {
    const seven = Array.from({ length: 7 }, (_, i) => jpeg(`${i}.jpg`));
    expect(await prepareFrames(seven, decoder)).toEqual({ ok: false, error: { title: 'Not enough photos', description: 'A spin needs at least 8 photos; you have 7. Add more.' } });
    const many = Array.from({ length: 73 }, (_, i) => jpeg(`${i}.jpg`));
    expect(await prepareFrames(many, decoder)).toMatchObject({ ok: false, error: { title: 'Too many photos' } });
  });

  it('refuses a photo of another orientation, a file that is not an image and one that does not decode, naming it', async () => {
    const eight = Array.from({ length: 8 }, (_, i) => jpeg(`${i + 1}.jpg`));
    expect(await prepareFrames([...eight.slice(0, 7), jpeg('8-portrait.jpg')], decoder)).toMatchObject({
      ok: false,
      error: { description: '8-portrait.jpg is portrait but the sequence starts landscape: every photo of a spin must have the same orientation.' },
    });
    const text = new File(['just words, not a photo'], '5.jpg', { type: 'image/jpeg' });
    expect(await prepareFrames([...eight.slice(0, 4), text, ...eight.slice(5)], decoder)).toMatchObject({ ok: false, error: { description: '5.jpg is not a JPEG, PNG, WebP, GIF or BMP image.' } });
    expect(await prepareFrames([...eight.slice(0, 7), jpeg('8-broken.jpg')], decoder)).toMatchObject({ ok: false, error: { title: 'Photo could not be read' } });
  });

  it('comes back ready in turn order with thumbnails and progress', async () => {
    const seen: number[] = [];
    const files = Array.from({ length: 8 }, (_, i) => jpeg(`turn-${8 - i}.jpg`));
    const result = await prepareFrames(files, decoder, (done) => seen.push(done));
    expect(result.ok && result.value.map((f) => f.file.name)).toEqual(Array.from({ length: 8 }, (_, i) => `turn-${i + 1}.jpg`));
    expect(result.ok && result.value[0]!.uploadMime).toBe('image/jpeg');
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

describe('a turntable video', () => {
  it('is recognised by its bytes', async () => {
    expect(await detectVideo(mp4())).toBe('video/mp4');
    expect(await detectVideo(mp4('turn.mov', 'qt  '))).toBe('video/quicktime');
    expect(await detectVideo(new File([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0])], 'turn.webm'))).toBe('video/webm');
    expect(await detectVideo(new File(['plain text renamed'], 'turn.mp4'))).toBeNull();
  });

  it('is refused when it is not a video, too long or too large', async () => {
    expect(await prepareVideo(new File(['plain text renamed to look like a video'], 'turn.mp4'), async () => 10)).toMatchObject({ ok: false, error: { title: 'Invalid file type' } });
    expect(await prepareVideo(mp4(), async () => 75)).toMatchObject({ ok: false, error: { title: 'Video too long' } });
    const big = mp4();
    Object.defineProperty(big, 'size', { value: 250 * 1024 * 1024 });
    expect(await prepareVideo(big, async () => 10)).toMatchObject({ ok: false, error: { title: 'Video too large' } });
  });

  it('is accepted when the browser cannot tell its length (the worker checks it)', async () => {
    expect(await prepareVideo(mp4(), async () => null)).toMatchObject({ ok: true, value: { mime: 'video/mp4', duration: null } });
  });
});

describe('a selection', () => {
  it('is photos or one video, never both', () => {
    expect(splitSelection([jpeg('1.jpg'), mp4()])).toMatchObject({ ok: false, error: { title: 'Photos or a video' } });
    expect(splitSelection([mp4('a.mp4'), mp4('b.mp4')])).toMatchObject({ ok: false, error: { title: 'One video at a time' } });
    expect(splitSelection([mp4()])).toMatchObject({ ok: true, value: { kind: 'video' } });
    expect(splitSelection([])).toMatchObject({ ok: false, error: { title: 'No photos or video selected' } });
  });
});
