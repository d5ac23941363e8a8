/**
 * Campaigns and the calendar: "Plan a week" writes a campaign and its scheduled posts together
 * (social-campaign), the schedule keeps the user's gap between two posts of one platform and each
 * account's daily cap — in the function and, for a post moved by any client, in the database —
 * and the scheduled posts go out through the scheduler. Another user's items, accounts and posts
 * stay out of reach.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DAILY_CAPS, proposeSchedule } from '@shotcraft/shared/social-schedule.ts';
import { pgClient } from '../helpers/clients.js';
import { newActor, type Actor } from '../data/support.js';
import { callFunction, connected, jpeg, libraryItem } from './support.js';

let su: pg.Client;
beforeAll(async () => {
  su = await pgClient();
});
afterAll(async () => {
  await su.end();
});

const HOUR = 3_600_000;
const inHours = (h: number) => new Date(Date.now() + h * HOUR).toISOString();
const plan = (actor: Actor, body: Record<string, unknown>) => callFunction(actor, 'social-campaign', body);

async function seller() {
  const actor = await newActor();
  const facebook = (await connected('facebook', actor)).id;
  const pinterest = (await connected('pinterest', actor)).id;
  const items = await Promise.all([0, 1, 2, 3].map(async (i) => libraryItem(su, actor, await jpeg(1000 + i, 1000), 'image/jpeg', { width: 1000 + i, height: 1000 })));
  return { actor, facebook, pinterest, items };
}

const rowsOf = async (actor: Actor) => (await actor.db.from('social_posts').select('id, platform, status, scheduled_for, campaign_id, caption').order('scheduled_for')).data!;

describe('social-campaign', { timeout: 60_000 }, () => {
  it('schedules a proposed week of 7 posts on two platforms as one campaign, then each goes out at its time', async () => {
    const { actor, facebook, pinterest, items } = await seller();
    const tag = randomUUID().slice(0, 8);
    const start = new Date(Date.now() + 24 * HOUR).toISOString().slice(0, 10);
    const proposed = proposeSchedule({
      contentIds: items,
      accounts: [{ id: facebook, platform: 'facebook' }, { id: pinterest, platform: 'pinterest' }],
      startDate: start,
      days: 7,
      gapMinutes: 12 * 60,
      localTime: (d, t) => new Date(`${d}T${t}:00Z`),
    }).slice(0, 7);
    expect(proposed).toHaveLength(7);
    const res = await plan(actor, {
      name: 'Mug launch week',
      product_name: 'Ceramic Mug',
      gap_minutes: 12 * 60,
      posts: proposed.map((p, i) => ({ content_id: p.contentId, account_id: p.accountId, caption: `Day ${i + 1} of the mug ${tag} #ceramics`, scheduled_for: p.at })),
    });
    expect(res.status).toBe(200);
    const rows = await rowsOf(actor);
    expect(rows).toHaveLength(7);
    expect(new Set(rows.map((r) => r.campaign_id))).toEqual(new Set([res.body.campaign_id]));
    expect(rows.every((r) => r.status === 'scheduled')).toBe(true);
    const { data: campaign } = await actor.db.from('social_campaigns').select('name, product_name, gap_minutes, status').single();
    expect(campaign).toEqual({ name: 'Mug launch week', product_name: 'Ceramic Mug', gap_minutes: 720, status: 'active' });

    // The calendar shows them with the campaign's name.
    const { data: calendar } = await actor.db.rpc('social_calendar', { p_from: new Date().toISOString(), p_to: inHours(24 * 10) });
    expect((calendar as { campaign_name: string }[]).map((c) => c.campaign_name)).toEqual(Array(7).fill('Mug launch week'));

    // Their time comes (the scheduler's clock, not a sleep): every one is posted once.
    await su.query(`update public.social_posts set scheduled_for = now() - interval '1 second' where user_id = $1`, [actor.id]);
    const { api_url, service_role_key } = inject('devstack');
    await fetch(`${api_url}/functions/v1/social-publish-due`, { method: 'POST', headers: { Authorization: `Bearer ${service_role_key}`, 'Content-Type': 'application/json' }, body: '{}' });
    expect((await rowsOf(actor)).map((r) => r.status)).toEqual(Array(7).fill('posted'));
  });

  it('refuses two posts of one platform closer than the gap, naming the post, and writes nothing', async () => {
    const { actor, facebook, items } = await seller();
    const res = await plan(actor, {
      name: 'Too close',
      gap_minutes: 6 * 60,
      posts: [
        { content_id: items[0], account_id: facebook, caption: 'First', scheduled_for: inHours(10) },
        { content_id: items[1], account_id: facebook, caption: 'Second', scheduled_for: inHours(13) },
      ],
    });
    expect(res).toMatchObject({ status: 400, body: { code: 'gap', index: 0, error: expect.stringMatching(/closer than 6 hours/) } });
    expect(await rowsOf(actor)).toEqual([]);
    expect((await actor.db.from('social_campaigns').select('id')).data).toEqual([]);
  });

  it("keeps each account under its platform's daily cap, counting what is already scheduled", async () => {
    const actor = await newActor();
    const tiktok = (await connected('tiktok', actor)).id;
    const video = await libraryItem(su, actor, Buffer.from('a stored video'), 'video/mp4', { width: 1080, height: 1920 });
    const at = (i: number) => inHours(30 + i * 0.5);
    const ten = Array.from({ length: 10 }, (_, i) => ({ content_id: video, account_id: tiktok, caption: `Clip ${i}`, scheduled_for: at(i) }));
    expect((await plan(actor, { name: 'Ten clips', gap_minutes: 0, posts: ten })).status).toBe(200);
    const eleventh = await plan(actor, { name: 'One more', gap_minutes: 0, posts: [{ content_id: video, account_id: tiktok, caption: 'Clip 11', scheduled_for: at(10) }] });
    expect(eleventh).toMatchObject({ status: 400, body: { code: 'daily_cap', error: expect.stringMatching(/TikTok takes at most 10/) } });
    expect(await rowsOf(actor)).toHaveLength(10);
  });

  it("refuses another user's library item or account as not found, and writes nothing", async () => {
    const { actor, facebook, items } = await seller();
    const other = await seller();
    const theirs = await plan(actor, { name: 'x', gap_minutes: 0, posts: [{ content_id: other.items[0], account_id: facebook, caption: 'Hi', scheduled_for: inHours(5) }] });
    expect(theirs).toMatchObject({ status: 404 });
    const theirAccount = await plan(actor, { name: 'x', gap_minutes: 0, posts: [{ content_id: items[0], account_id: other.facebook, caption: 'Hi', scheduled_for: inHours(5) }] });
    expect(theirAccount).toMatchObject({ status: 404 });
    expect(await rowsOf(actor)).toEqual([]);
    expect(await rowsOf(other.actor)).toEqual([]);
  });

  it('refuses bad input: no name, a negative or huge gap, no posts, a time in the past or past 90 days', async () => {
    const { actor, facebook, items } = await seller();
    const one = (at: string) => [{ content_id: items[0], account_id: facebook, caption: 'Hi', scheduled_for: at }];
    expect((await plan(actor, { name: ' ', gap_minutes: 0, posts: one(inHours(5)) })).body).toMatchObject({ code: 'invalid_name' });
    expect((await plan(actor, { name: 'x', gap_minutes: -60, posts: one(inHours(5)) })).body).toMatchObject({ code: 'invalid_gap' });
    expect((await plan(actor, { name: 'x', gap_minutes: 99_999, posts: one(inHours(5)) })).body).toMatchObject({ code: 'invalid_gap' });
    expect((await plan(actor, { name: 'x', gap_minutes: 0, posts: [] })).body).toMatchObject({ code: 'no_posts' });
    expect((await plan(actor, { name: 'x', gap_minutes: 0, posts: one(inHours(-1)) })).body).toMatchObject({ code: 'too_soon' });
    expect((await plan(actor, { name: 'x', gap_minutes: 0, posts: one(inHours(24 * 91)) })).body).toMatchObject({ code: 'too_far' });
    expect(await rowsOf(actor)).toEqual([]);
  });
});

describe('moving a scheduled post (the calendar)', { timeout: 60_000 }, () => {
  it("is checked by the database against the campaign's gap, the daily cap and the time window", async () => {
    const { actor, facebook, items } = await seller();
    const res = await plan(actor, {
      name: 'Two posts',
      gap_minutes: 12 * 60,
      posts: [
        { content_id: items[0], account_id: facebook, caption: 'Monday', scheduled_for: inHours(24) },
        { content_id: items[1], account_id: facebook, caption: 'Tuesday', scheduled_for: inHours(48) },
      ],
    });
    expect(res.status).toBe(200);
    const [monday, tuesday] = await rowsOf(actor);

    // Closer than 12 hours to Monday's post: refused with the rule's words; nothing changes.
    const tooClose = await actor.db.from('social_posts').update({ scheduled_for: inHours(30) }).eq('id', tuesday!.id);
    expect(tooClose.error?.message).toMatch(/at least 720 minutes apart/);
    // Into the past, or further than 90 days: refused.
    expect((await actor.db.from('social_posts').update({ scheduled_for: inHours(-2) }).eq('id', tuesday!.id)).error?.message).toMatch(/a minute from now/);
    expect((await actor.db.from('social_posts').update({ scheduled_for: inHours(24 * 95) }).eq('id', tuesday!.id)).error?.message).toMatch(/90 days/);
    expect((await rowsOf(actor)).map((r) => r.scheduled_for)).toEqual([monday!.scheduled_for, tuesday!.scheduled_for]);

    // A day later than planned: fine.
    expect((await actor.db.from('social_posts').update({ scheduled_for: inHours(72) }).eq('id', tuesday!.id)).error).toBeNull();
  });

  it("cannot reach another user's post or calendar", async () => {
    const { actor, facebook, items } = await seller();
    expect((await plan(actor, { name: 'Mine', gap_minutes: 0, posts: [{ content_id: items[0], account_id: facebook, caption: 'Mine', scheduled_for: inHours(24) }] })).status).toBe(200);
    const [post] = await rowsOf(actor);
    const intruder = await newActor();
    const moved = await intruder.db.from('social_posts').update({ scheduled_for: inHours(30) }, { count: 'exact' }).eq('id', post!.id);
    expect(moved.count).toBe(0);
    const { data } = await intruder.db.rpc('social_calendar', { p_from: new Date().toISOString(), p_to: inHours(24 * 7) });
    expect(data).toEqual([]);
    // Nor put one of their posts into this user's campaign.
    expect((await intruder.db.from('social_posts').update({ campaign_id: post!.campaign_id } as never).eq('id', post!.id)).error).not.toBeNull();
  });
});

describe('one rule in two places', () => {
  it("the database's daily caps are the planner's", async () => {
    const { rows } = await su.query<{ def: string }>(`select pg_get_functiondef('private.check_post_schedule'::regproc) as def`);
    for (const [platform, cap] of Object.entries(DAILY_CAPS)) expect(rows[0]!.def).toContain(`when '${platform}' then ${cap}`);
  });
});
