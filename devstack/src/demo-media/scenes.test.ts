import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { demoFileName } from './index.js';
import { FRAME, SCENES, sceneSvg } from './scenes.js';

describe('demo media scenes', () => {
  it('has at least 8 short portrait scenes with unique, timestamp-prefixed file names', () => {
    expect(SCENES.length).toBeGreaterThanOrEqual(8);
    expect(FRAME.height).toBeGreaterThan(FRAME.width);
    expect(FRAME.seconds).toBeGreaterThanOrEqual(3);
    expect(FRAME.seconds).toBeLessThanOrEqual(5);
    const names = SCENES.map((s) => demoFileName(s, 'mp4'));
    expect(new Set(names).size).toBe(names.length);
    for (const n of names) expect(n).toMatch(/^\d{13}_[a-z0-9-]+\.mp4$/);
  });

  it('renders every scene to a 540×960 frame at any loop phase', async () => {
    for (const scene of SCENES) {
      const meta = await sharp(Buffer.from(sceneSvg(scene, 0.37))).metadata();
      expect([meta.width, meta.height]).toEqual([FRAME.width, FRAME.height]);
    }
  });
});
