import sharp from 'sharp';
import type { UgcProduct, UgcScript } from '@shotcraft/shared/jobs/studios/ugc.ts';

/** A small ad for the worker's tests, the webhook's tests and bench/ugc: a flask, three scenes. */
export const TEST_PRODUCT: UgcProduct = { name: 'Arctic Flask', benefits: ['keeps drinks cold for 24 hours', 'leak-proof lid'], offer: '20% off this week', cta: 'Shop now', aspect: '9:16' };

export const TEST_SCRIPT: UgcScript = {
  hook: 'problem',
  scenes: [
    { kind: 'hook', text: 'My coffee used to go warm by ten.', photo: 0 },
    { kind: 'body', text: 'This flask keeps it cold all day, and the lid never leaks.', photo: 1 },
    { kind: 'cta', text: "It's twenty percent off this week. Shop now.", photo: 2 },
  ],
};

/** Three plain product shots (JPEG) of `size` px. */
export function testPhotos(size = 600): Promise<Buffer[]> {
  return Promise.all(['#c0392b', '#2980b9', '#27ae60'].map((background) => sharp({ create: { width: size, height: size, channels: 3, background } }).jpeg().toBuffer()));
}
