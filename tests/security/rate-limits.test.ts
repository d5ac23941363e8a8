/**
 * Functions that do work or spend money per call have an hourly limit per user, and a request that
 * posts to several accounts counts once per account (issue: trust boundaries, "also fix").
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgClient } from '../helpers/clients.js';
import { newActor, type Actor } from '../data/support.js';
import { callFunction, connected, jpeg, libraryItem, ORIGIN } from '../social/support.js';

let su: pg.Client;
beforeAll(async () => {
  su = await pgClient();
});
afterAll(async () => {
  await su.end();
});

/** The actor has used `used` of `endpoint`'s hourly allowance. */
const used = (actor: Actor, endpoint: string, count: number) =>
  su.query(
    `insert into public.rate_limits (user_id, endpoint, window_start, request_count)
     values ($1, $2, to_timestamp(floor(extract(epoch from now()) / 3600) * 3600), $3)
     on conflict on constraint rate_limits_pkey do update set request_count = excluded.request_count`,
    [actor.id, endpoint, count],
  );

describe('hourly limits', () => {
  it('social-account-check, create-portal-session and get-download-url answer 429 past their limit', async () => {
    const { actor, id } = await connected('pinterest');
    await used(actor, 'social-account-check', 60);
    expect(await callFunction(actor, 'social-account-check', { account_id: id })).toMatchObject({ status: 429, body: { code: 'rate_limited' } });
    await used(actor, 'billing-portal', 20);
    expect((await callFunction(actor, 'create-portal-session', { return_path: '/billing' }, { Origin: ORIGIN })).status).toBe(429);
    await used(actor, 'get-download-url', 600);
    expect((await callFunction(actor, 'get-download-url', { ids: [crypto.randomUUID()] })).status).toBe(429);
  });

  it('a post to several accounts counts once per account against the 30 posts an hour', async () => {
    const { actor, id: pinterest } = await connected('pinterest');
    const { id: twitter } = await connected('twitter', actor);
    const content = await libraryItem(su, actor, await jpeg(800, 800), 'image/jpeg', { width: 800, height: 800 });
    await used(actor, 'social-post', 29);
    const twoAtOnce = await callFunction(actor, 'social-post', { content_id: content, posts: [{ account_id: pinterest, caption: 'One' }, { account_id: twitter, caption: 'Two' }] });
    expect(twoAtOnce).toMatchObject({ status: 429, body: { code: 'rate_limited' } });
    expect((await actor.db.from('social_posts').select('id')).data).toHaveLength(0);
  });

  it('a client cannot count negative or huge amounts for itself', async () => {
    const actor = await newActor();
    for (const p_cost of [0, -5, 101]) {
      const { error } = await actor.db.rpc('check_rate_limit', { endpoint: 'social-post', limit: 30, window_minutes: 60, p_cost });
      expect(error, String(p_cost)).toMatchObject({ code: '22023' });
    }
  });
});
