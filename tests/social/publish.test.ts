/**
 * Posting through social-post and social-publish-due against the platforms' stand-ins: one image
 * to all five platforms at once, a video to TikTok and Instagram, a file a platform refuses, tokens
 * refreshed while two posts race on X, a dead refresh token asking for a reconnect, a scheduled
 * post sent once when due, a failed post sent again, and what a caller may never do.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PLATFORM_IDS, type PlatformId } from '@shotcraft/devstack/src/platforms/catalog.ts';
import { runFfmpeg } from '@shotcraft/worker/src/video/ffmpeg.ts';
import { pgClient } from '../helpers/clients.js';
import { newActor, type Actor } from '../data/support.js';
import { callFunction, connected, expire, failNext, jpeg, libraryItem, png } from './support.js';

let su: pg.Client;
let video: Buffer;

beforeAll(async () => {
  su = await pgClient();
  const dir = await mkdtemp(path.join(tmpdir(), 'social-video-'));
  const file = path.join(dir, 'clip.mp4');
  await runFfmpeg(['-f', 'lavfi', '-i', 'color=c=0x336699:s=360x640:d=3:r=24', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-y', file]);
  video = await readFile(file);
  await rm(dir, { recursive: true, force: true });
});
afterAll(async () => {
  await su.end();
});


interface Result {
  post_id: string;
  platform: PlatformId;
  status: 'posted' | 'failed';
  platform_post_id?: string;
  error?: string;
  kind?: string;
}

const post = (actor: Actor, body: unknown) => callFunction(actor, 'social-post', body) as Promise<{ status: number; body: { success?: boolean; results?: Result[]; scheduled?: { post_id: string }[]; error?: string; code?: string } }>;

/** What the stand-in says was posted, filtered by caption (each test writes its own). */
type StandInPost = { platform: string; text: string; media: unknown; extra?: Record<string, unknown> };
async function postedAt(caption: string): Promise<StandInPost[]> {
  const res = await fetch(`${inject('devstack').platforms_url}/_devstack/posts`);
  const body = (await res.json()) as { posts?: StandInPost[] } | StandInPost[];
  const list = Array.isArray(body) ? body : (body.posts ?? []);
  return list.filter((p) => typeof p.text === 'string' && p.text.includes(caption));
}

async function connectAll(platforms: readonly PlatformId[]) {
  const actor = await newActor();
  const ids: Partial<Record<PlatformId, string>> = {};
  for (const p of platforms) ids[p] = (await connected(p, actor)).id;
  return { actor, ids: ids as Record<PlatformId, string> };
}

describe('posting now', () => {
  it('posts one image to all five platforms at once, each with its own id, and the platforms have it', async () => {
    const { actor, ids } = await connectAll(PLATFORM_IDS);
    const content = await libraryItem(su, actor, await jpeg(1080, 1350), 'image/jpeg', { width: 1080, height: 1350 });
    const caption = `Meet the mug ${randomUUID().slice(0, 8)} #ceramics #coffee`;
    const res = await post(actor, { content_id: content, posts: PLATFORM_IDS.map((p) => ({ account_id: ids[p], caption })) });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.results!.map((r) => [r.platform, r.status, r.error]).sort()).toEqual([...PLATFORM_IDS].sort().map((p) => [p, 'posted', undefined]));

    const { data: rows } = await actor.db.from('social_posts').select('platform, status, platform_post_id, posted_at, hashtags, batch_id, content_id');
    expect(rows).toHaveLength(5);
    for (const row of rows!) {
      expect(row).toMatchObject({ status: 'posted', content_id: content, hashtags: ['ceramics', 'coffee'] });
      expect(row.platform_post_id).toBeTruthy();
      expect(row.posted_at).toBeTruthy();
    }
    expect(new Set(rows!.map((r) => r.batch_id)).size).toBe(1);
    const seen = await postedAt(caption);
    expect(seen.map((p) => p.platform).sort()).toEqual([...PLATFORM_IDS].sort());
  });

  it('posts a video to TikTok and Instagram (Reels)', async () => {
    const { actor, ids } = await connectAll(['tiktok', 'instagram']);
    const content = await libraryItem(su, actor, video, 'video/mp4', { width: 360, height: 640 });
    const caption = `Unboxing ${randomUUID().slice(0, 8)}`;
    const res = await post(actor, { content_id: content, posts: [{ account_id: ids.tiktok, caption }, { account_id: ids.instagram, caption }] });
    expect(res.status).toBe(200);
    expect(res.body.results!.map((r) => [r.platform, r.status, r.error]).sort()).toEqual([['instagram', 'posted', undefined], ['tiktok', 'posted', undefined]]);
    const seen = await postedAt(caption);
    expect(seen.map((p) => p.platform).sort()).toEqual(['instagram', 'tiktok']);
    // TikTok got the bytes (FILE_UPLOAD), not a URL to pull: a pull needs the domain verified with TikTok.
    expect(seen.find((p) => p.platform === 'tiktok')!.extra!.publish_id).toMatch(/^v_pub_file~/);
  });

  it('a file one platform refuses fails there with a reason the user can act on, and posts everywhere else', async () => {
    const { actor, ids } = await connectAll(['instagram', 'pinterest']);
    // Instagram takes JPEG only; Pinterest takes PNG.
    const content = await libraryItem(su, actor, await png(1080, 1080), 'image/png', { width: 1080, height: 1080 });
    const caption = `PNG day ${randomUUID().slice(0, 8)}`;
    const res = await post(actor, { content_id: content, posts: [{ account_id: ids.instagram, caption }, { account_id: ids.pinterest, caption }] });
    expect(res.status).toBe(200);
    const byPlatform = Object.fromEntries(res.body.results!.map((r) => [r.platform, r]));
    expect(byPlatform.pinterest).toMatchObject({ status: 'posted' });
    expect(byPlatform.instagram).toMatchObject({ status: 'failed', kind: 'bad_media' });
    expect(byPlatform.instagram!.error).toMatch(/did not accept this file/i);
    const { data } = await actor.db.from('social_posts').select('status, error, posted_at').eq('platform', 'instagram').single();
    expect(data).toMatchObject({ status: 'failed', posted_at: null });
    expect(data!.error).toBe(byPlatform.instagram!.error);
  });

  it('refreshes an expired X token once while two posts race, and both go out', async () => {
    const { actor, ids } = await connectAll(['twitter']);
    const content = await libraryItem(su, actor, await jpeg(1200, 675), 'image/jpeg', { width: 1200, height: 675 });
    await expire(su, ids.twitter);
    const tag = randomUUID().slice(0, 8);
    const [a, b] = await Promise.all([
      post(actor, { content_id: content, posts: [{ account_id: ids.twitter, caption: `First ${tag}` }] }),
      post(actor, { content_id: content, posts: [{ account_id: ids.twitter, caption: `Second ${tag}` }] }),
    ]);
    expect([a.body.results![0]!.status, b.body.results![0]!.status]).toEqual(['posted', 'posted']);
    const { data } = await actor.db.from('social_accounts').select('is_active').eq('id', ids.twitter).single();
    expect(data!.is_active).toBe(true);
    expect(await postedAt(tag)).toHaveLength(2);
  });

  it('a refresh token the platform no longer takes fails the post with Reconnect needed and pauses the account', async () => {
    const { actor, ids } = await connectAll(['tiktok']);
    const content = await libraryItem(su, actor, video, 'video/mp4', { width: 360, height: 640 });
    await expire(su, ids.tiktok, true);
    const res = await post(actor, { content_id: content, posts: [{ account_id: ids.tiktok, caption: 'Will not go out' }] });
    expect(res.body.results![0]).toMatchObject({ status: 'failed', kind: 'reconnect' });
    expect(res.body.results![0]!.error).toMatch(/^Reconnect needed/);
    expect((await actor.db.from('social_accounts').select('is_active').single()).data!.is_active).toBe(false);
    // Posting to a paused account is refused up front.
    const again = await post(actor, { content_id: content, posts: [{ account_id: ids.tiktok, caption: 'Still not' }] });
    expect(again.status).toBe(409);
  });

  it('a platform that limits posts fails with rate_limited, and Retry sends the same post again', async () => {
    const { actor, ids } = await connectAll(['pinterest']);
    const content = await libraryItem(su, actor, await jpeg(1000, 1500), 'image/jpeg', { width: 1000, height: 1500 });
    await failNext(su, ids.pinterest, 'rate_limit');
    const caption = `Pin again ${randomUUID().slice(0, 8)}`;
    const first = await post(actor, { content_id: content, posts: [{ account_id: ids.pinterest, caption }] });
    expect(first.body.results![0]).toMatchObject({ status: 'failed', kind: 'rate_limited' });
    const retried = await callFunction(actor, 'social-post', { retry_post_id: first.body.results![0]!.post_id });
    expect(retried.status).toBe(200);
    expect((retried.body.results as Result[])[0]).toMatchObject({ status: 'posted' });
    // Only a failed post can be sent again.
    expect((await callFunction(actor, 'social-post', { retry_post_id: first.body.results![0]!.post_id })).status).toBe(409);
    expect(await postedAt(caption)).toHaveLength(1);
  });
});

describe('what a caller may not do', () => {
  it("refuses no platforms, a blank caption, someone else's content or account, and a time in the past", async () => {
    const { actor, ids } = await connectAll(['facebook']);
    const other = await connectAll(['facebook']);
    const mine = await libraryItem(su, actor, await jpeg(800, 800), 'image/jpeg', { width: 800, height: 800 });
    const theirs = await libraryItem(su, other.actor, await jpeg(800, 800), 'image/jpeg', { width: 800, height: 800 });

    expect(await post(actor, { content_id: mine, posts: [] })).toMatchObject({ status: 400, body: { error: 'No platforms selected: Please select at least one platform to post to' } });
    expect(await post(actor, { content_id: mine, posts: [{ account_id: ids.facebook, caption: '   ' }] })).toMatchObject({ status: 400, body: { error: 'No caption: Please add a caption for your post' } });
    expect((await post(actor, { content_id: theirs, posts: [{ account_id: ids.facebook, caption: 'x' }] })).status).toBe(404);
    expect((await post(actor, { content_id: mine, posts: [{ account_id: other.ids.facebook, caption: 'x' }] })).status).toBe(404);
    expect((await post(actor, { content_id: "'; drop table social_posts; --", posts: [{ account_id: ids.facebook, caption: 'x' }] })).status).toBe(400);
    expect((await post(actor, { content_id: mine, posts: [{ account_id: ids.facebook, caption: 'x' }], scheduled_for: new Date(Date.now() - 60_000).toISOString() })).status).toBe(400);
    // Nothing was written by any of them.
    expect((await actor.db.from('social_posts').select('id')).data).toHaveLength(0);
  });

  it('a client cannot write an outcome: status, platform id and posted time are the server’s', async () => {
    const { actor, ids } = await connectAll(['twitter']);
    const forged = await actor.db.from('social_posts').insert({ user_id: actor.id, social_account_id: ids.twitter, platform: 'twitter', content_type: 'image', caption: 'x', status: 'posted', platform_post_id: '1' });
    expect(forged.error?.code).toBe('42501');
  });

  it('Generate Caption through a language model answers 501 while none is configured (the app then writes it itself)', async () => {
    const actor = await newActor();
    expect(await callFunction(actor, 'social-caption', { content_id: randomUUID(), platforms: ['twitter'] })).toMatchObject({ status: 501, body: { code: 'not_configured' } });
  });

  it('only the scheduler may call social-publish-due', async () => {
    const actor = await newActor();
    expect((await callFunction(actor, 'social-publish-due', {})).status).toBe(401);
  });

  it('limits posting to 30 requests an hour per user', async () => {
    const { actor, ids } = await connectAll(['facebook']);
    const content = await libraryItem(su, actor, await jpeg(800, 800), 'image/jpeg', { width: 800, height: 800 });
    await su.query(
      `insert into public.rate_limits (user_id, endpoint, window_start, request_count)
       values ($1, 'social-post', to_timestamp(floor(extract(epoch from now()) / 3600) * 3600), 30)`,
      [actor.id],
    );
    const res = await post(actor, { content_id: content, posts: [{ account_id: ids.facebook, caption: 'One too many' }] });
    expect(res).toMatchObject({ status: 429, body: { code: 'rate_limited' } });
    expect((await actor.db.from('social_posts').select('id')).data).toHaveLength(0);
  });
});

describe('scheduled posts', () => {
  it('waits until its time, can be edited until then, and is sent exactly once even when senders overlap', async () => {
    const { actor, ids } = await connectAll(['facebook', 'pinterest']);
    const content = await libraryItem(su, actor, await jpeg(1000, 1000), 'image/jpeg', { width: 1000, height: 1000 });
    const tag = randomUUID().slice(0, 8);
    const tomorrow = new Date(Date.now() + 24 * 3600_000).toISOString();
    const res = await post(actor, { content_id: content, scheduled_for: tomorrow, posts: [{ account_id: ids.facebook, caption: `Tomorrow ${tag}` }, { account_id: ids.pinterest, caption: `Tomorrow ${tag}` }] });
    expect(res.status).toBe(200);
    expect(res.body.scheduled).toHaveLength(2);

    const { api_url, service_role_key } = inject('devstack');
    const sendDue = () => fetch(`${api_url}/functions/v1/social-publish-due`, { method: 'POST', headers: { Authorization: `Bearer ${service_role_key}`, 'Content-Type': 'application/json' }, body: '{}' }).then((r) => r.json() as Promise<{ sent: number }>);

    // Not yet due: nothing goes out.
    await sendDue();
    expect((await actor.db.from('social_posts').select('status')).data!.map((r) => r.status)).toEqual(['scheduled', 'scheduled']);
    expect(await postedAt(tag)).toHaveLength(0);

    // The owner edits one before its time; a client still cannot mark it posted.
    const facebookPost = res.body.scheduled!.find((_, i) => i === 0)!.post_id;
    expect((await actor.db.from('social_posts').update({ caption: `Edited ${tag}` }).eq('id', facebookPost)).error).toBeNull();

    // Its time comes: three overlapping senders, one post per platform.
    await su.query(`update public.social_posts set scheduled_for = now() - interval '1 second' where user_id = $1`, [actor.id]);
    await Promise.all([sendDue(), sendDue(), sendDue()]);
    const rows = (await actor.db.from('social_posts').select('platform, status, attempts, caption')).data!;
    expect(rows.map((r) => [r.platform, r.status, r.attempts]).sort()).toEqual([['facebook', 'posted', 1], ['pinterest', 'posted', 1]]);
    const seen = await postedAt(tag);
    expect(seen).toHaveLength(2);
    expect(seen.some((p) => p.text.startsWith('Edited'))).toBe(true);

    // Sent posts can no longer be edited or cancelled as if they were waiting.
    const late = await actor.db.from('social_posts').update({ caption: 'too late' }, { count: 'exact' }).eq('id', facebookPost);
    expect(late.count).toBe(0);
  });

  it('a post left sending (its sender died) is settled, never sent twice: posted when the platform id is known, else failed in words the user can act on, and deletable', async () => {
    const { actor, ids } = await connectAll(['pinterest']);
    const content = await libraryItem(su, actor, await jpeg(800, 800), 'image/jpeg', { width: 800, height: 800 });
    const tag = randomUUID().slice(0, 8);
    const insert = (over: string) =>
      su.query<{ id: string }>(
        `insert into public.social_posts (user_id, social_account_id, platform, content_type, content_id, caption, status, attempts ${over ? ', scheduled_for, platform_post_id' : ''})
         values ($1, $2, 'pinterest', 'image', $3, $4, 'posting', 1 ${over}) returning id`,
        [actor.id, ids.pinterest, content, `Stuck ${tag}`],
      );
    const now = (await insert('')).rows[0]!.id;
    const scheduled = (await insert(`, now() - interval '20 minutes', null`)).rows[0]!.id;
    const known = (await insert(`, now() - interval '20 minutes', 'pin_123'`)).rows[0]!.id;
    await su.query(`alter table public.social_posts disable trigger social_posts_touch_updated_at`);
    try {
      await su.query(`update public.social_posts set updated_at = now() - interval '11 minutes' where id = any($1::uuid[])`, [[now, scheduled, known]]);
    } finally {
      await su.query(`alter table public.social_posts enable trigger social_posts_touch_updated_at`);
    }

    const { api_url, service_role_key } = inject('devstack');
    await fetch(`${api_url}/functions/v1/social-publish-due`, { method: 'POST', headers: { Authorization: `Bearer ${service_role_key}`, 'Content-Type': 'application/json' }, body: '{}' });
    const rows = new Map((await actor.db.from('social_posts').select('id, status, error')).data!.map((r) => [r.id as string, r]));
    expect(rows.get(now)).toMatchObject({ status: 'failed', error: expect.stringContaining('cannot tell whether it was posted') });
    expect(rows.get(scheduled)).toMatchObject({ status: 'failed' });
    expect(rows.get(known)).toMatchObject({ status: 'posted', error: null });
    // Nothing went to the platform on its own.
    expect(await postedAt(tag)).toHaveLength(0);
    // The user decides: delete one, send the other again.
    expect((await actor.db.from('social_posts').delete({ count: 'exact' }).eq('id', scheduled)).count).toBe(1);
    const retried = await post(actor, { retry_post_id: now });
    expect(retried).toMatchObject({ status: 200, body: { success: true } });
    expect(await postedAt(tag)).toHaveLength(1);
  });

  it('a scheduled post can be cancelled before its time', async () => {
    const { actor, ids } = await connectAll(['twitter']);
    const content = await libraryItem(su, actor, await jpeg(800, 800), 'image/jpeg', { width: 800, height: 800 });
    const res = await post(actor, { content_id: content, scheduled_for: new Date(Date.now() + 3600_000).toISOString(), posts: [{ account_id: ids.twitter, caption: 'Never mind' }] });
    const id = res.body.scheduled![0]!.post_id;
    const { count } = await actor.db.from('social_posts').delete({ count: 'exact' }).eq('id', id);
    expect(count).toBe(1);
  });
});
