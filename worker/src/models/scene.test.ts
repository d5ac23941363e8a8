import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { hostedScene, scenePrompt, sceneProvider } from './scene';

/** A fake image-edit API: records the request, answers green where the frame is and red in the letterbox. */
function fakeApi() {
  const seen: { url: string; auth: string | null; fields: Record<string, string>; image: { width: number; height: number; hasAlpha: boolean } }[] = [];
  const impl = (async (url: string, init: RequestInit) => {
    const form = init.body as FormData;
    const file = form.get('image') as Blob;
    const bytes = Buffer.from(await file.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    const fields = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
    seen.push({ url, auth: new Headers(init.headers).get('authorization'), fields, image: { width: meta.width!, height: meta.height!, hasAlpha: !!meta.hasAlpha } });
    const [w, h] = fields.size!.split('x').map(Number) as [number, number];
    // The frame of a 1080×1350 photo sits 1024×1280 at top 128 inside 1024×1536.
    const painted = await sharp({ create: { width: w, height: h, channels: 3, background: '#ff0000' } })
      .composite([{ input: await sharp({ create: { width: 1024, height: 1280, channels: 3, background: '#00ff00' } }).png().toBuffer(), left: 0, top: 128 }])
      .png()
      .toBuffer();
    return new Response(JSON.stringify({ created: 1, data: [{ b64_json: painted.toString('base64') }] }), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  return { seen, impl };
}

describe('hostedScene', () => {
  it('sends the frame in the model\'s own shape and cuts the same box back out at the frame\'s size', async () => {
    const api = fakeApi();
    const scene = hostedScene('https://images.example.com/v1/', 'sk-test', 'gpt-image-1', api.impl);
    const product = await sharp({ create: { width: 1080, height: 1350, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
    const out = await scene.paint({ product, width: 1080, height: 1350, description: 'a linen tablecloth', productName: 'Mug' });
    expect(api.seen).toEqual([
      { url: 'https://images.example.com/v1/images/edits', auth: 'Bearer sk-test', fields: { prompt: scenePrompt('a linen tablecloth', 'Mug'), model: 'gpt-image-1', n: '1', size: '1024x1536' }, image: { width: 1024, height: 1536, hasAlpha: true } },
    ]);
    const { data, info } = await sharp(out).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([1080, 1350]);
    // No letterbox red anywhere: the frame came back whole and only the frame.
    for (const [x, y] of [[0, 0], [1079, 0], [0, 1349], [1079, 1349], [540, 2], [540, 1347]] as const) {
      const p = (y * info.width + x) * info.channels;
      expect(data[p]!).toBeLessThan(40);
      expect(data[p + 1]!).toBeGreaterThan(200);
    }
  });

  it('is not configured without LIGHTBOX_SCENE_URL, and says what failed when the service refuses', async () => {
    expect(sceneProvider({})).toBeNull();
    expect(sceneProvider({ LIGHTBOX_SCENE_URL: 'https://api.openai.com/v1', LIGHTBOX_SCENE_KEY: 'k' })?.name).toBe('gpt-image-1 at api.openai.com');
    const refusing = (async () => new Response(JSON.stringify({ error: { message: 'Your request was rejected by the safety system.' } }), { status: 400 })) as unknown as typeof fetch;
    const product = await sharp({ create: { width: 100, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
    await expect(hostedScene('https://x.example/v1', 'k', 'gpt-image-1', refusing).paint({ product, width: 100, height: 100, description: 'd', productName: 'p' })).rejects.toThrow('The scene service refused (400): Your request was rejected by the safety system.');
  });
});
