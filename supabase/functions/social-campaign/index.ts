// "Plan a week" confirmed: a campaign and its scheduled posts, written together (README "Campaigns
// and the calendar").
//
//   POST { name, product_name?, gap_minutes, posts: [{ content_id, account_id, caption, scheduled_for }] }   (1 to 60 posts)
//     → 200 { success: true, campaign_id, scheduled: [{ post_id, platform, account_id, content_id, scheduled_for }] }
//     → 400 { success: false, code, error, index? }   (index: the post that breaks a rule)
//
// Every post is checked as social-post checks one (the caller's own item and account, a caption
// its platform takes) and the schedule as the planner proposed it (packages/shared/src/social-schedule.ts:
// a minute to 90 days ahead, the gap between two posts of one platform, each account's daily cap
// counting its posts already scheduled or sent). The database's trigger holds the same rules for
// the rows themselves. Nothing is written unless every post holds; the posts then go out through
// the scheduler like any scheduled post (social-publish-due).
import 'jsr:@supabase/functions-js/edge-runtime.d.ts';
import { adminClient } from '../_shared/admin-client.ts';
import { corsHeaders } from '../_shared/cors.ts';
import { json } from '../_shared/json.ts';
import { overLimit } from '../_shared/rate-limit.ts';
import { captionWords, checkPosts, readWantedPost, scheduleRefusal, type WantedPost } from '../_shared/social-post-check.ts';
import { GAP_LIMITS, scheduleProblems } from '@shotcraft/shared/social-schedule.ts';
import { POST_COLUMNS, type PostRow } from '../_shared/social-send.ts';
import { verifiedCaller } from '../_shared/user-client.ts';

const MAX_POSTS = 60;

Deno.serve(async (req: Request) => {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (req.method !== 'POST') return json({ success: false, error: 'Method not allowed' }, 405);
  const caller = await verifiedCaller(req);
  if (!caller) return json({ success: false, error: 'User not authenticated' }, 401);
  const body = (await req.json().catch(() => null)) as Record<string, unknown> | null;
  if (!body) return json({ success: false, error: 'The request must be JSON' }, 400);

  const name = typeof body.name === 'string' ? body.name.trim() : '';
  if (!name || name.length > 200) return json({ success: false, code: 'invalid_name', error: 'Give the campaign a name of up to 200 characters.' }, 400);
  const product = typeof body.product_name === 'string' ? body.product_name.trim().slice(0, 200) || null : null;
  const gap = body.gap_minutes;
  if (typeof gap !== 'number' || !Number.isInteger(gap) || gap < GAP_LIMITS.minMinutes || gap > GAP_LIMITS.maxMinutes) {
    return json({ success: false, code: 'invalid_gap', error: 'The gap between posts must be a whole number of minutes from 0 to 7 days.' }, 400);
  }
  const posts = Array.isArray(body.posts) ? body.posts : [];
  if (posts.length === 0) return json({ success: false, code: 'no_posts', error: 'A campaign needs at least one post.' }, 400);
  if (posts.length > MAX_POSTS) return json({ success: false, error: `A campaign schedules at most ${MAX_POSTS} posts at once.` }, 400);

  const wanted: (WantedPost & { at: string })[] = [];
  for (const p of posts) {
    const read = readWantedPost(p);
    if (read instanceof Response) return read;
    const raw = (p as Record<string, unknown>).scheduled_for;
    const at = typeof raw === 'string' ? new Date(raw) : null;
    if (!at || Number.isNaN(at.getTime())) return json({ success: false, error: 'Each post needs its scheduled_for date and time' }, 400);
    wanted.push({ ...read, at: at.toISOString() });
  }

  // Planning a campaign sends nothing; 20 an hour is far past any person's planning.
  const limited = await overLimit(caller, 'social-campaign', 20);
  if (limited) return limited;

  const checked = await checkPosts(caller, wanted);
  if (checked instanceof Response) return checked;

  // The schedule, with each account's posts already scheduled or sent counting towards its cap.
  const accountIds = [...new Set(checked.map((c) => c.account_id))];
  const times = wanted.map((w) => Date.parse(w.at));
  const { data: existing } = await caller.client
    .from('social_posts')
    .select('social_account_id, scheduled_for, posted_at')
    .in('social_account_id', accountIds)
    .in('status', ['scheduled', 'posting', 'posted'])
    .gte('scheduled_for', new Date(Math.min(...times) - 86_400_000).toISOString())
    .lte('scheduled_for', new Date(Math.max(...times) + 86_400_000).toISOString());
  const problems = scheduleProblems(
    checked.map((c, i) => ({ accountId: c.account_id, platform: c.platform, at: wanted[i]!.at })),
    gap,
    (existing ?? []).map((e) => ({ accountId: String(e.social_account_id), at: String(e.scheduled_for ?? e.posted_at) })),
  );
  if (problems.length) return json({ success: false, code: problems[0]!.code, error: problems[0]!.message, index: problems[0]!.index }, 400);

  const admin = adminClient();
  const { data: campaign, error: campaignError } = await admin
    .from('social_campaigns')
    .insert({ user_id: caller.user.id, name, product_name: product, gap_minutes: gap, status: 'active', starts_at: new Date(Math.min(...times)).toISOString(), ends_at: new Date(Math.max(...times)).toISOString() })
    .select('id')
    .single();
  if (campaignError || !campaign) {
    console.error(`social-campaign insert: ${campaignError?.message}`);
    return json({ success: false, error: 'Failed to schedule the campaign' }, 500);
  }
  const rows = checked.map((c, i) => ({
    user_id: caller.user.id,
    social_account_id: c.account_id,
    platform: c.platform,
    content_type: c.media,
    content_id: c.content_id,
    caption: c.caption,
    hashtags: captionWords(c.caption, '#'),
    mentions: captionWords(c.caption, '@'),
    metadata: { source: c.contentType },
    batch_id: campaign.id,
    campaign_id: campaign.id,
    status: 'scheduled',
    scheduled_for: wanted[i]!.at,
    attempts: 0,
  }));
  const { data: inserted, error } = await admin.from('social_posts').insert(rows).select(POST_COLUMNS);
  if (error || !inserted) {
    // All or nothing: the campaign goes again with the posts it did not get.
    await admin.from('social_campaigns').delete().eq('id', campaign.id);
    const refused = scheduleRefusal(error);
    if (refused) return refused;
    console.error(`social-campaign posts insert: ${error?.message}`);
    return json({ success: false, error: 'Failed to schedule the campaign' }, 500);
  }
  return json({
    success: true,
    campaign_id: campaign.id,
    scheduled: (inserted as PostRow[]).map((r, i) => ({ post_id: r.id, platform: r.platform, account_id: r.social_account_id, content_id: r.content_id, scheduled_for: rows[i]!.scheduled_for })),
  });
});
