/**
 * The Share dialog's one-click fix, on the worker (`POST /social/fit`): a PNG too wide for
 * Instagram becomes a JPEG inside 4:5…1.91:1 — with margins or cropped — and under the size asked,
 * saved as a new library item of the owner's; someone else's item is not found.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { newActor, type Actor } from '../data/support.js';
import { tokenOf, useWorker } from '../helpers/worker.js';
import { libraryItem } from './support.js';

const ctx = useWorker();

/** A noisy PNG (so size matters), 1500×500. */
const widePng = () => {
  const raw = Buffer.alloc(1500 * 500 * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  return sharp(raw, { raw: { width: 1500, height: 500, channels: 3 } }).png().toBuffer();
};

async function fit(actor: Actor, body: unknown) {
  const res = await fetch(`${ctx.worker.url}/social/fit`, { method: 'POST', headers: { Authorization: `Bearer ${await tokenOf(actor)}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { id?: string; width?: number; height?: number; bytes?: number } };
}

describe('making a version that fits', () => {
  it.each(['pad', 'crop'] as const)('%s: a JPEG within Instagram’s aspect and under the size, stored as a new library item', async (mode) => {
    const actor = await newActor();
    const file = await widePng();
    const source = await libraryItem(ctx.su, actor, file, 'image/png', { width: 1500, height: 500 });
    const res = await fit(actor, { content_id: source, max_bytes: 300_000, aspect: { min: 0.8, max: 1.91, mode } });
    expect(res.status).toBe(200);
    const ratio = res.body.width! / res.body.height!;
    expect(ratio).toBeGreaterThanOrEqual(0.8);
    expect(ratio).toBeLessThanOrEqual(1.915);
    expect(res.body.bytes).toBeLessThanOrEqual(300_000);
    // pad keeps the whole width; crop keeps the whole height
    if (mode === 'pad') expect(res.body.width! / 1500).toBeCloseTo(res.body.height! / 786, 1);
    else expect(res.body.height! / 500).toBeCloseTo(res.body.width! / 955, 1);

    const { data: row } = await actor.db.from('content_generations').select('mime_type, width, height, bytes, bucket, storage_path, credits_used, input_data').eq('id', res.body.id!).single();
    expect(row).toMatchObject({ mime_type: 'image/jpeg', width: res.body.width, height: res.body.height, credits_used: 0, input_data: { fitted_from: source } });
    const stored = await actor.db.storage.from(row!.bucket as string).download(row!.storage_path as string);
    const meta = await sharp(Buffer.from(await stored.data!.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', res.body.width, res.body.height]);
  });

  it('refuses someone else’s item and a request out of bounds, changing nothing', async () => {
    const owner = await newActor();
    const other = await newActor();
    const source = await libraryItem(ctx.su, owner, await sharp({ create: { width: 400, height: 400, channels: 3, background: '#888' } }).png().toBuffer(), 'image/png', { width: 400, height: 400 });
    expect((await fit(other, { content_id: source, max_bytes: 1_000_000 })).status).toBe(404);
    expect((await fit(owner, { content_id: source, max_bytes: -5 })).status).toBe(422);
    expect((await fit(owner, { content_id: source, max_bytes: 1_000_000, aspect: { min: 2, max: 1, mode: 'pad' } })).status).toBe(422);
    const { rows } = await ctx.su.query('select count(*)::int as n from public.content_generations where user_id = any($1)', [[owner.id, other.id]]);
    expect(rows[0].n).toBe(1);
  });
});
