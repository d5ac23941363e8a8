/**
 * Described backdrops painted by a hosted scene model (LIGHTBOX_SCENE_URL, OpenAI's image edit) —
 * here the devstack's stand-in of it — with the product's own pixels laid back over the scene; the
 * drawing takes over when the service fails, and Amazon's white never asks it. And the stand-in's
 * wire: OpenAI's checks and error shapes.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { OPENAI_STANDIN_KEY, type ImageEditRecord } from '@shotcraft/devstack/src/platforms/openai-images.ts';
import { hostedScene } from '@shotcraft/worker/src/models/scene.ts';
import { bottleOnPlain } from '@shotcraft/worker/test/lightbox-fixtures.ts';
import { creditState, newActor, startJob, type Actor } from '../data/support.js';
import { tokenOf, useWorker } from '../helpers/worker.js';

const platforms = inject('devstack').platforms_url;
const ctx = useWorker({ scene: hostedScene(`${platforms}/openai/v1`, OPENAI_STANDIN_KEY, 'gpt-image-1') });

async function lightbox(actor: Actor, productName: string, output: string, description: string) {
  const path = `${actor.id}/lightbox/${randomUUID()}.jpg`;
  const { error } = await actor.db.storage.from('raw-uploads').upload(path, (await bottleOnPlain()).jpeg, { contentType: 'image/jpeg' });
  if (error) throw new Error(error.message);
  const job = await startJob(actor.db, 'lightbox', { preset: 'default', title: productName, product_name: productName, background: 'description', colour: '#ffffff', colour_to: '#ffffff', background_description: description, shadow: 'contact', output, source_path: path });
  const form = new FormData();
  for (const [k, v] of Object.entries({ job_id: job.job_id, user_id: actor.id, form_type: 'lightbox', image_source: 'storage', product_name: productName, background_description: description })) form.set(k, v);
  const res = await fetch(`${ctx.worker.url}/webhooks/lightbox`, { method: 'POST', headers: { Authorization: `Bearer ${await tokenOf(actor)}` }, body: form });
  return { status: res.status, body: (await res.json()) as { url: string; width: number; height: number; details: { used: string[]; ignored: string[]; background: string } } };
}

const asked = async (productName: string) => ((await (await fetch(`${platforms}/_devstack/openai/requests`)).json()) as ImageEditRecord[]).filter((r) => r.prompt.includes(productName));

describe('a described backdrop from a hosted scene model', { timeout: 120_000 }, () => {
  it('asks the model for the scene around the product where it stands, and keeps the product\'s own pixels', async () => {
    const me = await newActor();
    const name = `Blue bottle ${randomUUID().slice(0, 8)}`;
    const res = await lightbox(me, name, 'instagram', 'rustic kitchen counter, morning light, blurred herbs');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect([res.body.width, res.body.height]).toEqual([1080, 1350]);
    expect(res.body.details.used).toEqual([expect.stringMatching(/^a photo-real scene of the whole description \(gpt-image-1 at 127\.0\.0\.1:\d+\)$/)]);
    expect(res.body.details.ignored).toEqual([]);
    const [request, ...more] = await asked(name);
    expect(more).toEqual([]);
    // Instagram's 4:5 frame goes in the model's portrait shape; the product on transparency is the mask.
    expect(request).toMatchObject({ model: 'gpt-image-1', size: '1024x1536', n: 1, image: { width: 1024, height: 1536, hasAlpha: true, format: 'png' } });
    expect(request!.prompt).toContain('Scene: rustic kitchen counter, morning light, blurred herbs.');
    expect(request!.prompt).toContain(`Professional product photograph of ${name}.`);

    // The product in the middle is the photo's blue bottle, not anything the model painted.
    const { data, info } = await sharp(Buffer.from(await (await fetch(res.body.url)).arrayBuffer())).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    const [r, g, b] = at(540, 675);
    expect(b!).toBeGreaterThan(r! + 60);
    expect(g!).toBeLessThan(b!);
    expect(await creditState(ctx.su, me.id)).toEqual({ credits: 4, ledger: 4 });
  });

  it('draws the backdrop itself when the scene service fails, and says so', async () => {
    await fetch(`${platforms}/_devstack/openai/fail`, { method: 'POST', body: JSON.stringify({ times: 1 }) });
    const me = await newActor();
    const res = await lightbox(me, `Mug ${randomUUID().slice(0, 8)}`, 'shopify', 'warm marble with unicorns');
    expect(res.status).toBe(200);
    expect(res.body.details.used).toEqual(['the scene service did not answer, so the backdrop was drawn here', 'warm light', 'marble texture']);
    expect(res.body.details.ignored).toEqual(['unicorns']);
  });

  it('never asks for a scene where the preset wants pure white (Amazon)', async () => {
    const me = await newActor();
    const name = `Jar ${randomUUID().slice(0, 8)}`;
    const res = await lightbox(me, name, 'amazon', 'rustic kitchen counter');
    expect(res.status).toBe(200);
    expect(res.body.details.background).toBe('Pure white');
    expect(await asked(name)).toEqual([]);
  });
});

describe('the image edit stand-in speaks OpenAI\'s wire', () => {
  const edit = async (fields: Record<string, string>, image: Buffer | null, key: string | null = OPENAI_STANDIN_KEY) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    if (image) form.set('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'image.png');
    const res = await fetch(`${platforms}/openai/v1/images/edits`, { method: 'POST', headers: key ? { Authorization: `Bearer ${key}` } : {}, body: form });
    return { status: res.status, body: (await res.json()) as { error?: { code: string | null; param: string | null; type: string }; data?: { b64_json: string }[] } };
  };
  const rgba = () => sharp({ create: { width: 256, height: 256, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();

  it('refuses a missing or wrong key, a missing image or prompt, a size or model it does not have, and DALL·E 2 without transparency', async () => {
    const image = await rgba();
    expect((await edit({ prompt: 'x', model: 'gpt-image-1' }, image, null)).status).toBe(401);
    expect(await edit({ prompt: 'x', model: 'gpt-image-1' }, image, 'sk-wrong-key-0000')).toMatchObject({ status: 401, body: { error: { code: 'invalid_api_key' } } });
    expect(await edit({ prompt: 'x', model: 'gpt-image-1' }, null)).toMatchObject({ status: 400, body: { error: { param: 'image', code: 'missing_required_parameter' } } });
    expect(await edit({ model: 'gpt-image-1' }, image)).toMatchObject({ status: 400, body: { error: { param: 'prompt' } } });
    expect(await edit({ prompt: 'x', model: 'gpt-image-1', size: '999x999' }, image)).toMatchObject({ status: 400, body: { error: { param: 'size', code: 'invalid_value' } } });
    expect(await edit({ prompt: 'x', model: 'dall-e-9' }, image)).toMatchObject({ status: 400, body: { error: { param: 'model' } } });
    const rgb = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#888' } }).png().toBuffer();
    expect(await edit({ prompt: 'x', model: 'dall-e-2', size: '256x256' }, rgb)).toMatchObject({ status: 400, body: { error: { param: 'image', type: 'invalid_request_error' } } });
  });

  it('answers n images of the asked size as b64_json', async () => {
    const res = await edit({ prompt: 'Scene: a sunny beach.', model: 'gpt-image-1', size: '1536x1024', n: '2' }, await rgba());
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(2);
    const meta = await sharp(Buffer.from(res.body.data![0]!.b64_json, 'base64')).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1536, 1024]);
  });
});
