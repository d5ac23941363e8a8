// Syncs social analytics (Pro+): for each connected account, its posts' lifetime figures from the
// platform's insights API become today's snapshot (social_post_metrics), rolled up into the day's
// account figures (social_analytics), with the follower count. One sync per account at a time (a
// lease); a failure is recorded on that account and the others go on.
//
//   POST {} or { account_id }   as a user on a professional or enterprise plan: their accounts
//                               (6 an hour: Sync now) → 200 { success, accounts: [{ id, platform, status, posts, error? }] }
//   POST {}                     with the service-role key (the scheduler, hourly): every active
//                               account of every user whose plan has analytics
//   400 a body of another shape (checked before the caller) · 401 no session · 403 the plan has no analytics · 429 too many syncs
import 'jsr:@supabase/functions-js/edge-runtime.d.ts';
import { adminClient } from '../_shared/admin-client.ts';
import { handler, HttpError } from '../_shared/handler.ts';
import { json } from '../_shared/json.ts';
import { fetchFigures, type SyncedPost } from '../_shared/social-insights.ts';
import { fetchAccount, isPlatform, PlatformError } from '../_shared/social-platforms.ts';
import { PublishError } from '../_shared/social-publish.ts';
import { accessTokenFor, ReconnectNeeded } from '../_shared/social-tokens.ts';
import { isServiceRole } from '../_shared/service-role.ts';
import { verifiedCaller } from '../_shared/user-client.ts';
import { AnalyticsSyncBody } from './schema.ts';

const ANALYTICS_PLANS = ['professional', 'enterprise'];

interface Account {
  id: string;
  user_id: string;
  platform: string;
  is_active: boolean;
}

interface Outcome {
  id: string;
  platform: string;
  status: 'synced' | 'failed' | 'busy';
  posts: number;
  error?: string;
}

async function syncAccount(account: Account): Promise<Outcome> {
  const admin = adminClient();
  const base = { id: account.id, platform: account.platform, posts: 0 };
  if (!isPlatform(account.platform)) return { ...base, status: 'failed', error: 'Unsupported platform' };
  const { data: leased } = await admin.rpc('social_take_sync_lease', { p_account: account.id, p_seconds: 120 });
  if (!leased) return { ...base, status: 'busy' };
  const platform = account.platform;
  try {
    const { data: posts, error } = await admin
      .from('social_posts')
      .select('id, platform_post_id, content_type, posted_at')
      .eq('social_account_id', account.id)
      .eq('status', 'posted')
      .not('platform_post_id', 'is', null)
      .order('posted_at', { ascending: false })
      .limit(1000);
    if (error) throw new Error(error.message);
    const { token } = await accessTokenFor(account.id);
    const figures = await fetchFigures(platform, token, (posts ?? []) as SyncedPost[]);
    const today = new Date().toISOString().slice(0, 10);
    const rows = [...figures].map(([postId, f]) => ({ post_id: postId, date: today, user_id: account.user_id, social_account_id: account.id, platform, ...f, synced_at: new Date().toISOString() }));
    for (let i = 0; i < rows.length; i += 500) {
      const { error: upsertError } = await admin.from('social_post_metrics').upsert(rows.slice(i, i + 500), { onConflict: 'post_id,date' });
      if (upsertError) throw new Error(upsertError.message);
    }
    const { error: rollupError } = await admin.rpc('social_analytics_rollup', { p_account: account.id, p_from: today, p_to: today });
    if (rollupError) throw new Error(rollupError.message);
    // Followers: the profile's count, kept on the account and as today's figure.
    const profile = await fetchAccount(platform, token).catch(() => null);
    if (profile) {
      await admin.from('social_accounts').update({ follower_count: profile.followers, following_count: profile.following, post_count: profile.posts }).eq('id', account.id);
      await admin.from('social_analytics').upsert({ user_id: account.user_id, social_account_id: account.id, platform, metric_type: 'followers', metric_value: profile.followers, date: today }, { onConflict: 'social_account_id,metric_type,date' });
    }
    await admin.from('social_accounts').update({ analytics_synced_at: new Date().toISOString(), analytics_error: null }).eq('id', account.id);
    return { ...base, status: 'synced', posts: rows.length };
  } catch (err) {
    const message =
      err instanceof ReconnectNeeded || (err instanceof PublishError && err.kind === 'reconnect')
        ? 'Reconnect needed: connect the account again in Settings.'
        : err instanceof PublishError
          ? err.message
          : err instanceof PlatformError
            ? 'The platform did not answer. Try again in a moment.'
            : 'The sync failed. Try again in a moment.';
    if (!(err instanceof PublishError) && !(err instanceof ReconnectNeeded)) console.error(`social-analytics-sync ${account.id}: ${(err as Error).stack ?? err}`);
    await admin.from('social_accounts').update({ analytics_error: message }).eq('id', account.id);
    return { ...base, status: 'failed', error: message };
  } finally {
    await admin.from('social_accounts').update({ analytics_lease_until: null }).eq('id', account.id);
  }
}

// Public to the handler: the caller is either the service role or a signed-in user, decided here.
Deno.serve(handler({ access: 'public', body: AnalyticsSyncBody }, async ({ req, body }) => {
  const admin = adminClient();

  let accounts: Account[];
  if (isServiceRole(req)) {
    const { data: plans } = await admin.from('profiles').select('user_id').in('plan', ANALYTICS_PLANS);
    const users = (plans ?? []).map((p) => p.user_id as string);
    if (users.length === 0) return json({ success: true, accounts: [] });
    const { data } = await admin.from('social_accounts').select('id, user_id, platform, is_active').in('user_id', users).eq('is_active', true);
    accounts = (data ?? []) as Account[];
  } else {
    const caller = await verifiedCaller(req);
    if (!caller) throw new HttpError(401, 'User not authenticated');
    const { data: profile } = await caller.client.from('profiles').select('plan').eq('user_id', caller.user.id).maybeSingle();
    if (!profile || !ANALYTICS_PLANS.includes(String(profile.plan))) throw new HttpError(403, 'Social Analytics needs the Professional or Enterprise plan.', 'plan_required');
    const limited = await caller.client.rpc('check_rate_limit', { endpoint: 'social-analytics-sync', limit: 6, window_minutes: 60 });
    if (limited.error || !(limited.data as { allowed: boolean }).allowed) throw new HttpError(429, 'You can sync 6 times an hour. The figures also update by themselves every hour.', 'rate_limited');
    let query = caller.client.from('social_accounts').select('id, user_id, platform, is_active').eq('is_active', true);
    if (body.account_id) query = query.eq('id', body.account_id);
    const { data } = await query;
    accounts = (data ?? []) as Account[];
  }
  const outcomes = await Promise.all(accounts.map(syncAccount));
  return json({ success: outcomes.every((o) => o.status !== 'failed'), accounts: outcomes });
}));
