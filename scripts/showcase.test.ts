import { statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { FALLBACK_VIDEO_FILES } from '../src/features/carousel/lib/constants.ts';
import { SHOWCASE } from '../src/features/landing/lib/showcase-data.ts';
import { probeMedia } from '@shotcraft/worker/src/video/ffmpeg.ts';
import { carouselName, showcaseVideos } from '@shotcraft/devstack/src/demo-media/index.ts';

const root = path.resolve(import.meta.dirname, '..');
const onDisk = (url: string) => path.join(root, 'public', url);

// The landing page's examples are the studios' outputs (scripts/make-showcase.ts), committed small.
describe('the showcase under public/showcase', () => {
  it('holds what the landing page lists, every file there, under 1.5 MB in all', () => {
    expect(SHOWCASE.stills.length).toBeGreaterThanOrEqual(3);
    const files = [...SHOWCASE.stills.flatMap((s) => [s.before, s.after]), ...SHOWCASE.videos.flatMap((v) => [v.file, v.poster])];
    const total = files.reduce((sum, f) => sum + statSync(onDisk(f)).size, 0);
    expect(total).toBeLessThan(1.5 * 1024 * 1024);
  });

  it('has enough portrait videos with posters to fill a wide carousel, the ones the carousel falls back to', () => {
    const videos = showcaseVideos(root);
    // Cards are 280 px apart; one copy of the looping strip must be wider than a 1440 px screen.
    expect(videos.length * 280).toBeGreaterThanOrEqual(1440);
    expect(videos.map((v) => v.stem).sort()).toEqual(SHOWCASE.videos.map((v) => v.slug).sort());
    expect([...FALLBACK_VIDEO_FILES].sort()).toEqual(videos.map((v) => carouselName(v.stem, 'mp4')).sort());
  });

  it('encodes every video as H.264 at 270×480 and every still as WebP', { timeout: 30_000 }, async () => {
    for (const v of SHOWCASE.videos) {
      const stream = (await probeMedia(onDisk(v.file))).streams.find((s) => s.codec_type === 'video')!;
      expect([stream.codec_name, stream.width, stream.height], v.file).toEqual(['h264', 270, 480]);
    }
    for (const s of SHOWCASE.stills) {
      for (const f of [s.before, s.after]) expect((await sharp(onDisk(f)).metadata()).format, f).toBe('webp');
    }
  });
});
