// Posts a library item to some of the caller's connected accounts, now or at a time, or sends a
// failed post again. One social_posts row per account, sharing a batch id; posting now publishes
// to every platform at once and answers with each one's outcome.
//
//   POST { content_id, posts: [{ account_id, caption }], scheduled_for? }
//     → 200 { success, batch_id, results: [{ post_id, platform, account_id, status, platform_post_id?, url?, error?, kind? }] }
//     → 200 { success, batch_id, scheduled: [{ post_id, platform, account_id, scheduled_for }] }   (scheduled_for given)
//   POST { retry_post_id } → 200 { success, results: [one] }   (a failed post of the caller's, sent again)
//
//   400 bad input (docs/spec.md §5's words for no platform / no caption; a caption longer than its
//       platform takes, counted as the platform counts it: caption_too_long) · 401 no session
//   404 a content or account that is not the caller's · 409 an account that needs reconnecting
//   429 more than 30 posts an hour (a post to five accounts is five)
import 'jsr:@supabase/functions-js/edge-runtime.d.ts';
import { adminClient } from '../_shared/admin-client.ts';
import { handler, HttpError, refusal } from '../_shared/handler.ts';
import { json } from '../_shared/json.ts';
import { captionWords, checkPosts, requireCaptions, scheduleRefusal, type WantedPost } from '../_shared/social-post-check.ts';
import { MAX_SCHEDULE_DAYS } from '@shotcraft/shared/social-schedule.ts';
import { POST_COLUMNS, type PostRow, sendPosts } from '../_shared/social-send.ts';
import { SocialPostBody } from './schema.ts';

const POSTS_PER_HOUR = 30;

Deno.serve(handler({ access: 'user', body: SocialPostBody }, async ({ caller, body }) => {
  // 30 posts an hour: a request counts once per account it posts to.
  const withinLimit = async (posts: number): Promise<void> => {
    const limited = await caller.client.rpc('check_rate_limit', { endpoint: 'social-post', limit: POSTS_PER_HOUR, window_minutes: 60, p_cost: posts });
    if (limited.error) throw new HttpError(500, 'Failed to post to social media platforms');
    if (!(limited.data as { allowed: boolean }).allowed) throw new HttpError(429, `You can post ${POSTS_PER_HOUR} times an hour. Try again later.`, 'rate_limited');
  };

  // Sending a failed post again.
  if (body.retry_post_id !== undefined) {
    await withinLimit(1);
    const { data: own } = await caller.client.from('social_posts').select('id, status, attempts').eq('id', body.retry_post_id).maybeSingle();
    if (!own) throw new HttpError(404, 'Post not found');
    const { data: taken } = await adminClient()
      .from('social_posts')
      .update({ status: 'posting', error: null, attempts: Number(own.attempts ?? 0) + 1 })
      .eq('id', own.id)
      .eq('status', 'failed')
      .select(POST_COLUMNS)
      .maybeSingle();
    if (!taken) throw new HttpError(409, 'Only a failed post can be sent again');
    const [result] = await sendPosts([taken as PostRow]);
    return json({ success: result.status === 'posted', results: [result] });
  }

  const posts = body.posts ?? [];
  if (posts.length === 0) throw new HttpError(400, 'No platforms selected: Please select at least one platform to post to', 'no_platforms');
  const contentId = body.content_id;
  if (!contentId) throw new HttpError(400, 'content_id must be a library item id');
  requireCaptions(posts);
  const wanted: WantedPost[] = posts.map((p) => ({ content_id: contentId, account_id: p.account_id, caption: p.caption }));

  let scheduledFor: string | null = null;
  if (body.scheduled_for) {
    const at = body.scheduled_for;
    if (at.getTime() < Date.now() + 60_000) throw new HttpError(400, 'Pick a time at least a minute from now.', 'schedule_past');
    if (at.getTime() > Date.now() + MAX_SCHEDULE_DAYS * 86_400_000) throw new HttpError(400, `Posts can be scheduled up to ${MAX_SCHEDULE_DAYS} days ahead.`);
    scheduledFor = at.toISOString();
  }

  const checked = await checkPosts(caller, wanted);
  // Counted once everything else holds: a request refused for another reason uses up nothing.
  await withinLimit(wanted.length);

  const batchId = crypto.randomUUID();
  const rows = checked.map((w) => ({
    user_id: caller.user.id,
    social_account_id: w.account_id,
    platform: w.platform,
    content_type: w.media,
    content_id: w.content_id,
    content_url: null,
    caption: w.caption,
    hashtags: captionWords(w.caption, '#'),
    mentions: captionWords(w.caption, '@'),
    metadata: { source: w.contentType },
    batch_id: batchId,
    status: scheduledFor ? 'scheduled' : 'posting',
    scheduled_for: scheduledFor,
    attempts: scheduledFor ? 0 : 1,
  }));
  const { data: inserted, error } = await adminClient().from('social_posts').insert(rows).select(POST_COLUMNS);
  const refusedBySchedule = scheduleRefusal(error);
  if (refusedBySchedule) return refusedBySchedule;
  if (error || !inserted) {
    console.error(`social-post insert: ${error?.message}`);
    return refusal(500, 'Failed to post to social media platforms');
  }
  if (scheduledFor) {
    return json({ success: true, batch_id: batchId, scheduled: (inserted as PostRow[]).map((r) => ({ post_id: r.id, platform: r.platform, account_id: r.social_account_id, scheduled_for: scheduledFor })) });
  }
  const results = await sendPosts(inserted as PostRow[]);
  return json({ success: results.some((r) => r.status === 'posted'), batch_id: batchId, results });
}));
