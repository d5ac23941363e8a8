/**
 * Social analytics sync (Pro+) against the platforms' stand-ins: a professional user's posts on
 * all five platforms get their figures synced into per-post snapshots and daily account figures;
 * a second sync updates the same rows as the figures grow; the page's report comes in one call;
 * a trial user gets nothing, through REST or the function; one account failing does not stop the
 * others, and an account already being synced is not synced twice.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PLATFORM_IDS, type PlatformId } from '@shotcraft/devstack/src/platforms/catalog.ts';
import { pgClient } from '../helpers/clients.js';
import { newActor, setPlan, type Actor } from '../data/support.js';
import { callFunction, connected, expire, jpeg, libraryItem } from './support.js';

let su: pg.Client;
beforeAll(async () => {
  su = await pgClient();
});
afterAll(async () => {
  await su.end();
});

const platforms = () => inject('devstack').platforms_url;

/** The stand-in's posts carrying this text. */
async function standInPosts(text: string): Promise<{ id: string; platform: string }[]> {
  const body = (await (await fetch(`${platforms()}/_devstack/posts`)).json()) as { posts?: { id: string; platform: string; text: string }[] } | { id: string; platform: string; text: string }[];
  const list = Array.isArray(body) ? body : (body.posts ?? []);
  return list.filter((p) => p.text?.includes(text));
}

/** Makes the stand-in's posts with this text `minutes` older, so their figures grow. */
async function age(text: string, minutes: number) {
  for (const p of await standInPosts(text)) {
    const res = await fetch(`${platforms()}/_devstack/posts/${encodeURIComponent(p.id)}/age`, { method: 'POST', body: JSON.stringify({ minutes, platform: p.platform }) });
    expect(res.ok).toBe(true);
  }
}

/** A user on `plan` with all five platforms connected and one image posted to each. */
async function postedEverywhere(plan: string, only: readonly PlatformId[] = PLATFORM_IDS) {
  const actor = await newActor();
  await setPlan(su, actor.id, plan);
  const ids: Partial<Record<PlatformId, string>> = {};
  for (const p of only) ids[p] = (await connected(p, actor)).id;
  const content = await libraryItem(su, actor, await jpeg(1080, 1350), 'image/jpeg', { width: 1080, height: 1350 });
  const tag = `stats-${randomUUID().slice(0, 8)}`;
  const res = await callFunction(actor, 'social-post', { content_id: content, posts: only.map((p) => ({ account_id: ids[p], caption: `Mug ${tag}` })) });
  expect((res.body.results as { status: string }[]).every((r) => r.status === 'posted'), JSON.stringify(res.body)).toBe(true);
  return { actor, ids: ids as Record<PlatformId, string>, tag };
}

const sync = (actor: Actor, body: unknown = {}) => callFunction(actor, 'social-analytics-sync', body) as Promise<{ status: number; body: { success?: boolean; accounts?: { id: string; platform: string; status: string; posts: number; error?: string }[]; error?: string; code?: string } }>;
const today = () => new Date().toISOString().slice(0, 10);
const report = (actor: Actor) => actor.db.rpc('social_analytics_report', { p_from: today(), p_to: today() });

describe('syncing analytics', () => {
  it('fills per-post and daily figures from every platform, and a second sync updates them without duplicates', async () => {
    const { actor, tag } = await postedEverywhere('professional');
    await age(tag, 90);
    const first = await sync(actor);
    expect(first.status).toBe(200);
    expect(first.body.accounts!.map((a) => [a.platform, a.status, a.posts]).sort()).toEqual([...PLATFORM_IDS].sort().map((p) => [p, 'synced', 1]));

    const { data: metrics } = await actor.db.from('social_post_metrics').select('platform, date, impressions, likes');
    expect(metrics).toHaveLength(5);
    for (const m of metrics!) {
      expect(m.date).toBe(today());
      expect(m.impressions).toBeGreaterThan(0);
    }
    const before = Object.fromEntries(metrics!.map((m) => [m.platform, m.impressions as number]));

    // The figures grow; the same rows are updated.
    await age(tag, 600);
    expect((await sync(actor)).status).toBe(200);
    const { data: again } = await actor.db.from('social_post_metrics').select('platform, impressions');
    expect(again).toHaveLength(5);
    for (const m of again!) expect(m.impressions as number).toBeGreaterThan(before[m.platform]!);
    const { rows: dup } = await su.query(`select count(*)::int as n from public.social_analytics where user_id = $1 and metric_type = 'impressions' and date = current_date`, [actor.id]);
    expect(dup[0].n).toBe(5);

    // The page's data in one call: today's total is the sum of the posts' figures (all made today).
    const { data, error } = await report(actor);
    expect(error).toBeNull();
    const r = data as { allowed: boolean; totals: Record<string, number>; daily: { date: string; impressions: number }[]; posts: { platform: string; impressions: number }[]; accounts: { synced_at: string | null; error: string | null }[] };
    expect(r.allowed).toBe(true);
    expect(r.totals.impressions).toBe(again!.reduce((s, m) => s + (m.impressions as number), 0));
    expect(r.daily).toEqual([expect.objectContaining({ date: today(), impressions: r.totals.impressions })]);
    expect(r.posts).toHaveLength(5);
    expect(r.posts[0]!.impressions).toBe(Math.max(...again!.map((m) => m.impressions as number)));
    expect(r.accounts.every((a) => a.synced_at && a.error === null)).toBe(true);
    // The followers of each account are today's figure too.
    const { rows: followers } = await su.query(`select count(*)::int as n from public.social_analytics where user_id = $1 and metric_type = 'followers'`, [actor.id]);
    expect(followers[0].n).toBe(5);
  });

  it('one account failing is recorded on it and the others still sync; an account being synced is not synced twice', async () => {
    const { actor, ids, tag } = await postedEverywhere('enterprise', ['pinterest', 'tiktok', 'facebook']);
    await age(tag, 60);
    await expire(su, ids.tiktok, true);
    await su.query(`update public.social_accounts set analytics_lease_until = now() + interval '1 minute' where id = $1`, [ids.facebook]);
    const res = await sync(actor);
    const by = Object.fromEntries(res.body.accounts!.map((a) => [a.platform, a]));
    expect(by.pinterest).toMatchObject({ status: 'synced', posts: 1 });
    expect(by.tiktok).toMatchObject({ status: 'failed' });
    expect(by.tiktok!.error).toMatch(/^Reconnect needed/);
    expect(by.facebook).toMatchObject({ status: 'busy' });
    const { data } = await actor.db.from('social_accounts').select('platform, analytics_synced_at, analytics_error');
    const state = Object.fromEntries(data!.map((a) => [a.platform, a]));
    expect(state.pinterest!.analytics_synced_at).toBeTruthy();
    expect(state.tiktok!.analytics_error).toMatch(/^Reconnect needed/);
  });

  it('the scheduler (service role) syncs every account of users whose plan has analytics, and only those', async () => {
    const pro = await postedEverywhere('professional', ['twitter']);
    const trial = await postedEverywhere('trial', ['twitter']);
    const { api_url, service_role_key } = inject('devstack');
    const res = await fetch(`${api_url}/functions/v1/social-analytics-sync`, { method: 'POST', headers: { Authorization: `Bearer ${service_role_key}`, 'Content-Type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(200);
    const { rows } = await su.query<{ user_id: string }>('select distinct user_id from public.social_post_metrics where user_id = any($1)', [[pro.actor.id, trial.actor.id]]);
    expect(rows.map((r) => r.user_id)).toEqual([pro.actor.id]);
  });
});

describe('every post of the period', () => {
  type Page = { total: number; posts: { post_id: string; caption: string; impressions: number | null; likes: number | null }[] };
  const page = (actor: Actor, args: Record<string, unknown> = {}) =>
    actor.db.rpc('social_analytics_posts', { p_from: today(), p_to: today(), ...args }) as unknown as Promise<{ data: Page | null; error: { code: string } | null }>;

  /** `count` posts of today on one account, post i with i×10 impressions and no likes figure on every third. */
  async function manyPosts(actor: Actor, count: number) {
    const account = (await connected('pinterest', actor)).id;
    await su.query(
      `with made as (
         insert into public.social_posts (user_id, social_account_id, platform, content_type, caption, status, posted_at)
         select $1, $2, 'pinterest', 'image', 'Post ' || i, 'posted', date_trunc('day', now()) + make_interval(secs => i)
           from generate_series(1, $3::int) i returning id, caption)
       insert into public.social_post_metrics (post_id, date, user_id, social_account_id, platform, impressions, likes)
       select id, current_date, $1, $2, 'pinterest', substr(caption, 6)::int * 10, case when substr(caption, 6)::int % 3 = 0 then null else 1 end from made`,
      [actor.id, account, count],
    );
  }

  it('the report counts them all and names the top 5; the pages hold every one, in the order asked for', async () => {
    const actor = await newActor();
    await setPlan(su, actor.id, 'professional');
    await manyPosts(actor, 620);

    const { data: r } = await report(actor);
    expect(r).toMatchObject({ post_count: 620 });
    expect((r as { posts: { impressions: number }[] }).posts.map((p) => p.impressions)).toEqual([6200, 6190, 6180, 6170, 6160]);

    const first = (await page(actor)).data!;
    expect(first.total).toBe(620);
    expect(first.posts).toHaveLength(50);
    expect(first.posts[0]).toMatchObject({ caption: 'Post 620', impressions: 6200 });
    expect((await page(actor, { p_offset: 600 })).data!.posts).toHaveLength(20);

    // Read a page at a time, as the CSV does: every post once.
    const seen = new Set<string>();
    for (let offset = 0; offset < 620; offset += 250) for (const p of (await page(actor, { p_offset: offset, p_limit: 250 })).data!.posts) seen.add(p.post_id);
    expect(seen.size).toBe(620);

    // Ascending by likes: the posts without the figure first, as the table shows "—" lowest.
    const byLikes = (await page(actor, { p_sort: 'likes', p_ascending: true, p_limit: 1000 })).data!.posts;
    expect(byLikes.slice(0, 206).every((p) => p.likes === null)).toBe(true);
    expect(byLikes.slice(206).every((p) => p.likes === 1)).toBe(true);
    const oldest = (await page(actor, { p_sort: 'posted_at', p_ascending: true, p_limit: 1 })).data!.posts[0];
    expect(oldest!.caption).toBe('Post 1');
  });

  it('refuses an unknown order and pages outside 1 to 1000 rows, and shows nobody else\'s posts', async () => {
    const owner = await newActor();
    await setPlan(su, owner.id, 'professional');
    await manyPosts(owner, 3);
    for (const args of [{ p_sort: "impressions desc; drop table public.social_posts; --" }, { p_sort: 'caption' }, { p_limit: 1001 }, { p_limit: 0 }, { p_offset: -1 }]) {
      const { data, error } = await page(owner, args);
      expect(data, JSON.stringify(args)).toBeNull();
      expect(error?.code).toBe('22023');
    }
    const other = await newActor();
    await setPlan(su, other.id, 'enterprise');
    expect((await page(other, { p_limit: 1000 })).data).toEqual({ total: 0, posts: [] });
    // A trial user sees none of their own either (the Pro+ gate).
    await setPlan(su, owner.id, 'trial');
    expect((await page(owner)).data).toEqual({ total: 0, posts: [] });
  });
});

describe('the Pro+ gate', () => {
  it('a trial user gets nothing: the function refuses and REST hides rows even when they exist', async () => {
    const { actor, ids } = await postedEverywhere('trial', ['pinterest']);
    expect(await sync(actor)).toMatchObject({ status: 403, body: { code: 'plan_required' } });
    // Rows written for them (say, while they were on a paid plan) stay hidden.
    const { rows: posts } = await su.query<{ id: string }>('select id from public.social_posts where user_id = $1', [actor.id]);
    await su.query(`insert into public.social_post_metrics (post_id, date, user_id, social_account_id, platform, impressions) values ($1, current_date, $2, $3, 'pinterest', 100)`, [posts[0]!.id, actor.id, ids.pinterest]);
    await su.query(`insert into public.social_analytics (user_id, social_account_id, platform, metric_type, metric_value, date) values ($1, $2, 'pinterest', 'impressions', 100, current_date)`, [actor.id, ids.pinterest]);
    expect((await actor.db.from('social_post_metrics').select('post_id')).data).toEqual([]);
    expect((await actor.db.from('social_analytics').select('id')).data).toEqual([]);
    const { data } = await report(actor);
    expect(data).toMatchObject({ allowed: false, totals: { impressions: 0 }, posts: [] });
    // And nobody writes these tables but the sync.
    expect((await actor.db.from('social_post_metrics').insert({ post_id: posts[0]!.id, date: '2026-01-01', user_id: actor.id, social_account_id: ids.pinterest, platform: 'pinterest' })).error?.code).toBe('42501');
  });

  it('another user’s figures are never in a report', async () => {
    const { tag } = await postedEverywhere('professional', ['twitter']);
    await age(tag, 30);
    const other = await newActor();
    await setPlan(su, other.id, 'professional');
    const { data } = await report(other);
    expect(data).toMatchObject({ allowed: true, totals: { impressions: 0 }, posts: [], accounts: [] });
  });
});
