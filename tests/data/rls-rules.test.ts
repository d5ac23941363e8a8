/**
 * The rules behind the RLS matrix that need more than one row: billing columns nobody can write,
 * worker-only functions, social tokens that never reach the browser, Pro-only analytics, public
 * templates, and the price lists everyone reads and only the service role writes.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, pgClient, serviceClient } from '../helpers/clients.js';
import { creditState, newActor, setPlan, startJob, type Actor } from './support.js';

let su: pg.Client;
let owner: Actor;
let other: Actor;
const service = serviceClient();

beforeAll(async () => {
  su = await pgClient();
  [owner, other] = await Promise.all([newActor(), newActor()]);
});
afterAll(async () => {
  await su.end();
});

const profileRow = async (id: string) => (await su.query('select to_jsonb(p) as row from public.profiles p where user_id = $1', [id])).rows[0].row;

async function connectAccount(userId: string): Promise<string> {
  const { data, error } = await service.from('social_accounts').insert({
    user_id: userId, platform: 'instagram', username: 'shop', account_id: randomUUID(),
    access_token: 'secret-access', refresh_token: 'secret-refresh',
  }).select('id').single();
  if (error) throw new Error(error.message);
  return data.id as string;
}

describe('billing fields', () => {
  it.each([
    ['credits', 1_000_000], ['plan', 'enterprise'], ['usage_current', { lightbox: 0 }], ['usage_limits', { lightbox: 1e6 }],
    ['email', 'someone@else.test'], ['user_id', randomUUID()], ['created_at', '2000-01-01T00:00:00Z'],
  ])('the owner cannot set their profile %s', async (column, value) => {
    const before = await profileRow(owner.id);
    const res = await owner.db.from('profiles').update({ [column]: value }).eq('user_id', owner.id);
    expect(res).toMatchObject({ status: 403, error: { code: '42501' } });
    expect(await profileRow(owner.id)).toEqual(before);
  });

  it('the owner cannot sneak credits in beside an allowed column, nor by upsert', async () => {
    const before = await profileRow(owner.id);
    expect((await owner.db.from('profiles').update({ full_name: 'Me', credits: 999 }).eq('user_id', owner.id)).error).toMatchObject({ code: '42501' });
    expect((await owner.db.from('profiles').upsert({ user_id: owner.id, credits: 999 })).error).toMatchObject({ code: '42501' });
    expect(await profileRow(owner.id)).toEqual(before);
  });

  it('the owner may edit their own name and onboarding answers', async () => {
    const { data, error } = await owner.db.from('profiles')
      .update({ full_name: 'Grace Hopper', company: 'Navy', role: 'creator', marketing_opt_in: true })
      .eq('user_id', owner.id).select('full_name, company, role, marketing_opt_in, credits').single();
    expect(error).toBeNull();
    expect(data).toEqual({ full_name: 'Grace Hopper', company: 'Navy', role: 'creator', marketing_opt_in: true, credits: 5 });
  });

  it('nobody reaches the private credit functions through the API', async () => {
    const res = await owner.db.schema('private').rpc('apply_credit_delta', { p_user_id: owner.id, p_delta: 1000, p_reason: 'purchase' });
    expect(res.error).not.toBeNull();
    expect(await creditState(su, owner.id)).toEqual({ credits: 5, ledger: 5 });
  });
});

describe('worker-only job functions', () => {
  it.each([
    ['complete_job', (job: string) => ({ job_id: job, result: { path: 'x' } })],
    ['fail_job', (job: string) => ({ job_id: job, error: 'refund me' })],
    ['claim_job', (job: string) => ({ job_id: job, user_id: 'x' })],
    ['sweep_stale_jobs', () => ({})],
  ])('the owner cannot call %s on their own job, and anon cannot either', async (fn, args) => {
    const me = await newActor();
    const job = await startJob(me.db, 'lightbox');
    expect(await me.db.rpc(fn, args(job.job_id))).toMatchObject({ status: 403, error: { code: '42501' } });
    expect(await anonClient().rpc(fn, args(job.job_id))).toMatchObject({ status: 401, error: { code: '42501' } });
    expect((await me.db.from('image_jobs').select('status').single()).data).toEqual({ status: 'queued' });
    expect(await creditState(su, me.id)).toEqual({ credits: 4, ledger: 4 });
  });
});

describe('social accounts', () => {
  it('the owner reads their connected account but never its tokens', async () => {
    const id = await connectAccount(owner.id);
    const ok = await owner.db.from('social_accounts').select('id, username, token_expires_at').eq('id', id);
    expect(ok).toMatchObject({ error: null, data: [{ id, username: 'shop' }] });
    for (const cols of ['access_token', 'refresh_token', '*', 'id, access_token']) {
      const res = await owner.db.from('social_accounts').select(cols).eq('id', id);
      expect(res, cols).toMatchObject({ status: 403, error: { code: '42501' }, data: null });
    }
  });

  it('the owner cannot write tokens or move an account to another user', async () => {
    const id = await connectAccount(owner.id);
    for (const patch of [{ access_token: 'mine' }, { user_id: other.id }, { follower_count: 1e6 }]) {
      expect((await owner.db.from('social_accounts').update(patch).eq('id', id)).error).toMatchObject({ code: '42501' });
    }
    const { rows } = await su.query('select user_id, access_token, follower_count from public.social_accounts where id = $1', [id]);
    expect(rows[0]).toEqual({ user_id: owner.id, access_token: 'secret-access', follower_count: 0 });
  });

  it('another user cannot post through the owner\'s account', async () => {
    const id = await connectAccount(owner.id);
    const res = await other.db.from('social_posts').insert({ user_id: other.id, social_account_id: id, platform: 'instagram', content_type: 'image' });
    expect(res).toMatchObject({ status: 403, error: { code: '42501' } });
    expect((await su.query('select count(*)::int as n from public.social_posts where social_account_id = $1', [id])).rows[0].n).toBe(0);
  });

  it('the owner cannot re-point a post to another user or account', async () => {
    const mine = await connectAccount(owner.id);
    const theirs = await connectAccount(other.id);
    const { data: post } = await owner.db.from('social_posts')
      .insert({ user_id: owner.id, social_account_id: mine, platform: 'instagram', content_type: 'image' }).select('id').single();
    for (const patch of [{ social_account_id: theirs }, { user_id: other.id }]) {
      expect((await owner.db.from('social_posts').update(patch).eq('id', post!.id)).error).toMatchObject({ code: '42501' });
    }
  });
});

describe('social posts: the outcome is the server\'s', () => {
  it('the owner cannot mark a post posted, give it a platform id or an error, not even when creating it', async () => {
    const account = await connectAccount(owner.id);
    const { data: post } = await owner.db.from('social_posts')
      .insert({ user_id: owner.id, social_account_id: account, platform: 'instagram', content_type: 'image', caption: 'draft' }).select('id, status').single();
    expect(post!.status).toBe('pending');
    for (const patch of [{ status: 'posted' }, { platform_post_id: '1789' }, { posted_at: new Date().toISOString() }, { error: 'x' }]) {
      expect((await owner.db.from('social_posts').update(patch).eq('id', post!.id)).error).toMatchObject({ code: '42501' });
    }
    expect((await owner.db.from('social_posts').insert({ user_id: owner.id, platform: 'instagram', content_type: 'image', status: 'posted' })).error).toMatchObject({ code: '42501' });
    expect((await su.query('select status, platform_post_id from public.social_posts where id = $1', [post!.id])).rows[0]).toEqual({ status: 'pending', platform_post_id: null });
  });

  it('the owner edits a post until it is sent, and not after', async () => {
    const account = await connectAccount(owner.id);
    const { data: post } = await owner.db.from('social_posts')
      .insert({ user_id: owner.id, social_account_id: account, platform: 'instagram', content_type: 'image', caption: 'draft' }).select('id').single();
    expect((await owner.db.from('social_posts').update({ caption: 'better' }).eq('id', post!.id).select('caption')).data).toEqual([{ caption: 'better' }]);
    await su.query(`update public.social_posts set status = 'posted', posted_at = now() where id = $1`, [post!.id]);
    expect((await owner.db.from('social_posts').update({ caption: 'rewritten' }).eq('id', post!.id).select('caption')).data).toEqual([]);
  });
});

describe('social analytics is a Pro+ feature', () => {
  it.each([['trial', 0], ['starter', 0], ['professional', 1], ['enterprise', 1]])('a %s user sees %i of their own analytics rows', async (plan, visible) => {
    const me = await newActor();
    await setPlan(su, me.id, plan as string);
    const account = await connectAccount(me.id);
    await service.from('social_analytics').insert({ user_id: me.id, social_account_id: account, platform: 'instagram', metric_type: 'likes', metric_value: 42, date: '2026-03-01' });
    const { data, error } = await me.db.from('social_analytics').select('metric_type, metric_value');
    expect(error).toBeNull();
    expect(data).toHaveLength(visible as number);
  });
});

describe('social templates', () => {
  it('public templates are readable by anon and every user without their author, and only their author edits them', async () => {
    const { data: tpl, error } = await owner.db.from('social_templates')
      .insert({ user_id: owner.id, name: 'Launch caption', content: 'New drop!', is_public: true }).select('id').single();
    expect(error).toBeNull();
    for (const client of [anonClient(), other.db]) {
      expect((await client.from('public_social_templates').select('name, content, hashtags, usage_count').eq('id', tpl!.id)).data).toEqual([{ name: 'Launch caption', content: 'New drop!', hashtags: [], usage_count: 0 }]);
      // Who wrote it is not there to read, in the view or the table.
      expect((await client.from('public_social_templates').select('user_id').eq('id', tpl!.id)).error).not.toBeNull();
    }
    expect((await anonClient().from('social_templates').select('user_id').eq('id', tpl!.id)).error).toMatchObject({ code: '42501' });
    expect((await other.db.from('social_templates').select('user_id').eq('id', tpl!.id)).data).toEqual([]);
    expect((await owner.db.from('social_templates').select('user_id').eq('id', tpl!.id)).data).toEqual([{ user_id: owner.id }]);
    expect((await other.db.from('social_templates').update({ name: 'Mine now' }).eq('id', tpl!.id).select()).data).toEqual([]);
    expect((await other.db.from('social_templates').delete().eq('id', tpl!.id).select()).data).toEqual([]);
    expect((await anonClient().from('social_templates').update({ name: 'x' }).eq('id', tpl!.id)).error).toMatchObject({ code: '42501' });
    expect((await owner.db.from('social_templates').update({ usage_count: 1e6 }).eq('id', tpl!.id)).error).toMatchObject({ code: '42501' });
    expect((await su.query('select name, usage_count from public.social_templates where id = $1', [tpl!.id])).rows[0]).toEqual({ name: 'Launch caption', usage_count: 0 });
  });
});

describe('price lists', () => {
  it('anon reads the canonical studio prices and plans (docs/architecture.md §7)', async () => {
    const { data: prices } = await anonClient().from('studio_prices').select('studio, preset, credits').order('studio').order('preset');
    expect(prices).toEqual([
      { studio: 'competitor_ad', preset: 'default', credits: 10 }, { studio: 'lightbox', preset: 'default', credits: 1 },
      { studio: 'refine_image', preset: 'default', credits: 2 }, { studio: 'refine_image', preset: 'upscale', credits: 3 },
      { studio: 'spin360', preset: 'default', credits: 5 }, { studio: 'ugc', preset: 'default', credits: 5 },
    ]);
    const { data: plans } = await anonClient().from('pricing_plans').select('id, price_cents, credits, popular').order('sort_order');
    expect(plans).toEqual([
      { id: 'starter', price_cents: 9900, credits: 199, popular: false },
      { id: 'professional', price_cents: 14900, credits: 300, popular: true },
      { id: 'enterprise', price_cents: 49900, credits: 1200, popular: false },
    ]);
  });

  it('only the service role writes them', async () => {
    const preset = `probe_${randomUUID().slice(0, 8)}`;
    const ins = await service.from('studio_prices').insert({ studio: 'lightbox', preset, credits: 1, label: 'Probe' }).select();
    expect(ins.error).toBeNull();
    expect((await service.from('studio_prices').delete().eq('preset', preset).select()).data).toHaveLength(1);
    const same = await service.from('pricing_plans').update({ sort_order: 2 }).eq('id', 'professional').select('id');
    expect(same).toMatchObject({ error: null, data: [{ id: 'professional' }] });
    for (const client of [anonClient(), owner.db]) {
      expect((await client.from('studio_prices').update({ credits: 1 }).eq('studio', 'competitor_ad')).error).toMatchObject({ code: '42501' });
    }
  });
});
