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
import { handler, HttpError, refusal } from '../_shared/handler.ts';
import { json } from '../_shared/json.ts';
import { overLimit } from '../_shared/rate-limit.ts';
import { captionWords, checkPosts, requireCaptions, scheduleRefusal } from '../_shared/social-post-check.ts';
import { GAP_LIMITS, scheduleProblems } from '@shotcraft/shared/social-schedule.ts';
import { POST_COLUMNS, type PostRow } from '../_shared/social-send.ts';
import { CampaignBody } from './schema.ts';

Deno.serve(handler({ access: 'user', body: CampaignBody }, async ({ caller, body }) => {
  const name = body.name;
  if (!name || name.length > 200) throw new HttpError(400, 'Give the campaign a name of up to 200 characters.', 'invalid_name');
  const product = body.product_name?.trim().slice(0, 200) || null;
  const gap = body.gap_minutes;
  if (!Number.isInteger(gap) || gap < GAP_LIMITS.minMinutes || gap > GAP_LIMITS.maxMinutes) {
    throw new HttpError(400, 'The gap between posts must be a whole number of minutes from 0 to 7 days.', 'invalid_gap');
  }
  if (body.posts.length === 0) throw new HttpError(400, 'A campaign needs at least one post.', 'no_posts');
  requireCaptions(body.posts);
  const wanted = body.posts.map(({ scheduled_for, ...post }) => ({ ...post, at: scheduled_for }));

  // Planning a campaign sends nothing; 20 an hour is far past any person's planning.
  const limited = await overLimit(caller, 'social-campaign', 20);
  if (limited) return limited;

  const checked = await checkPosts(caller, wanted);

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
  if (problems.length) throw new HttpError(400, problems[0]!.message, problems[0]!.code, { index: problems[0]!.index });

  const admin = adminClient();
  const { data: campaign, error: campaignError } = await admin
    .from('social_campaigns')
    .insert({ user_id: caller.user.id, name, product_name: product, gap_minutes: gap, status: 'active', starts_at: new Date(Math.min(...times)).toISOString(), ends_at: new Date(Math.max(...times)).toISOString() })
    .select('id')
    .single();
  if (campaignError || !campaign) {
    console.error(`social-campaign insert: ${campaignError?.message}`);
    return refusal(500, 'Failed to schedule the campaign');
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
    return refusal(500, 'Failed to schedule the campaign');
  }
  return json({
    success: true,
    campaign_id: campaign.id,
    scheduled: (inserted as PostRow[]).map((r, i) => ({ post_id: r.id, platform: r.platform, account_id: r.social_account_id, content_id: r.content_id, scheduled_for: rows[i]!.scheduled_for })),
  });
}));
