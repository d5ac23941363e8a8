import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostedCutout } from './hosted';

/** A stand-in for a remove.bg-style API on loopback: checks the key, answers a PNG with a square cut-out. */
let server: http.Server;
let url: string;
let seen: { key?: string; type?: string } = {};

beforeAll(async () => {
  const png = await sharp({ create: { width: 40, height: 40, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: { create: { width: 20, height: 20, channels: 4, background: { r: 200, g: 0, b: 0, alpha: 1 } } }, left: 10, top: 10 }])
    .png()
    .toBuffer();
  server = http.createServer((req, res) => {
    seen = { key: req.headers['x-api-key'] as string, type: req.headers['content-type'] };
    req.resume().on('end', () => {
      if (req.headers['x-api-key'] !== 'secret') return res.writeHead(403, { 'content-type': 'application/json' }).end('{"errors":[{"title":"Forbidden"}]}');
      res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1.0/removebg`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const input = async () => ({ png: await sharp({ create: { width: 80, height: 80, channels: 3, background: '#888' } }).png().toBuffer(), width: 80, height: 80 });

describe('hostedCutout', () => {
  it('sends the photo as multipart image_file with the key and reads the alpha back as the mask, at the input size', async () => {
    const mask = await hostedCutout(url, 'secret').mask(await input());
    expect(seen.key).toBe('secret');
    expect(seen.type).toMatch(/^multipart\/form-data/);
    expect([mask.width, mask.height, mask.data.length]).toEqual([80, 80, 6400]);
    expect(mask.data[40 * 80 + 40]).toBe(255);
    expect(mask.data[2 * 80 + 2]).toBe(0);
  });

  it('turns a refusal into a clear worker error', async () => {
    await expect(hostedCutout(url, 'wrong').mask(await input())).rejects.toMatchObject({ code: 'backend_unavailable', message: 'The cut-out service refused the photo (403).' });
  });
});
