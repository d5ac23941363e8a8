// Posts a library item to some of the caller's connected accounts, now or at a time, or sends a
// failed post again. One social_posts row per account, sharing a batch id; posting now publishes
// to every platform at once and answers with each one's outcome.
//
//   POST { content_id, posts: [{ account_id, caption }], scheduled_for? }
//     → 200 { success, batch_id, results: [{ post_id, platform, account_id, status, platform_post_id?, url?, error?, kind? }] }
//     → 200 { success, batch_id, scheduled: [{ post_id, platform, account_id, scheduled_for }] }   (scheduled_for given)
//   POST { retry_post_id } → 200 { success, results: [one] }   (a failed post of the caller's, sent again)
//
//   400 bad input (SPEC.md §5's words for no platform / no caption; a caption longer than its
//       platform takes, counted as the platform counts it: caption_too_long) · 401 no session
//   404 a content or account that is not the caller's · 409 an account that needs reconnecting
//   429 more than 30 posts an hour (a post to five accounts is five)
import 'jsr:@supabase/functions-js/edge-runtime.d.ts';
import { adminClient } from '../_shared/admin-client.ts';
import { corsHeaders } from '../_shared/cors.ts';
import { json } from '../_shared/json.ts';
import { captionWords, checkPosts, readWantedPost, scheduleRefusal, type WantedPost } from '../_shared/social-post-check.ts';
import { MAX_SCHEDULE_DAYS } from '@shotcraft/shared/social-schedule.ts';
import { POST_COLUMNS, type PostRow, sendPosts } from '../_shared/social-send.ts';
import { verifiedCaller } from '../_shared/user-client.ts';
import { isUuid } from '@shotcraft/shared/ids.ts';

const POSTS_PER_HOUR = 30;

Deno.serve(async (req: Request) => {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (req.method !== 'POST') return json({ success: false, error: 'Method not allowed' }, 405);
  const caller = await verifiedCaller(req);
  if (!caller) return json({ success: false, error: 'User not authenticated' }, 401);
  const body = (await req.json().catch(() => null)) as Record<string, unknown> | null;
  if (!body) return json({ success: false, error: 'The request must be JSON' }, 400);

  // 30 posts an hour: a request counts once per account it posts to.
  const withinLimit = async (posts: number): Promise<Response | null> => {
    const limited = await caller.client.rpc('check_rate_limit', { endpoint: 'social-post', limit: POSTS_PER_HOUR, window_minutes: 60, p_cost: posts });
    if (limited.error) return json({ success: false, error: 'Failed to post to social media platforms' }, 500);
    if (!(limited.data as { allowed: boolean }).allowed) return json({ success: false, code: 'rate_limited', error: `You can post ${POSTS_PER_HOUR} times an hour. Try again later.` }, 429);
    return null;
  };

  // Sending a failed post again.
  if (body.retry_post_id !== undefined) {
    if (!isUuid(body.retry_post_id)) return json({ success: false, error: 'retry_post_id must be a post id' }, 400);
    const refused = await withinLimit(1);
    if (refused) return refused;
    const { data: own } = await caller.client.from('social_posts').select('id, status, attempts').eq('id', body.retry_post_id).maybeSingle();
    if (!own) return json({ success: false, error: 'Post not found' }, 404);
    const { data: taken } = await adminClient()
      .from('social_posts')
      .update({ status: 'posting', error: null, attempts: Number(own.attempts ?? 0) + 1 })
      .eq('id', own.id)
      .eq('status', 'failed')
      .select(POST_COLUMNS)
      .maybeSingle();
    if (!taken) return json({ success: false, error: 'Only a failed post can be sent again' }, 409);
    const [result] = await sendPosts([taken as PostRow]);
    return json({ success: result.status === 'posted', results: [result] });
  }

  const posts = Array.isArray(body.posts) ? body.posts : [];
  if (posts.length === 0) return json({ success: false, code: 'no_platforms', error: 'No platforms selected: Please select at least one platform to post to' }, 400);
  if (posts.length > 10) return json({ success: false, error: 'At most 10 accounts at once' }, 400);
  if (!isUuid(body.content_id)) return json({ success: false, error: 'content_id must be a library item id' }, 400);
  const wanted: WantedPost[] = [];
  for (const p of posts) {
    const read = readWantedPost(p, body.content_id);
    if (read instanceof Response) return read;
    if (wanted.some((w) => w.account_id === read.account_id)) return json({ success: false, error: 'Each account only once' }, 400);
    wanted.push(read);
  }

  let scheduledFor: string | null = null;
  if (body.scheduled_for !== undefined && body.scheduled_for !== null) {
    const at = typeof body.scheduled_for === 'string' ? new Date(body.scheduled_for) : null;
    if (!at || Number.isNaN(at.getTime())) return json({ success: false, error: 'scheduled_for must be a date and time' }, 400);
    if (at.getTime() < Date.now() + 60_000) return json({ success: false, code: 'schedule_past', error: 'Pick a time at least a minute from now.' }, 400);
    if (at.getTime() > Date.now() + MAX_SCHEDULE_DAYS * 86_400_000) return json({ success: false, error: `Posts can be scheduled up to ${MAX_SCHEDULE_DAYS} days ahead.` }, 400);
    scheduledFor = at.toISOString();
  }

  const checked = await checkPosts(caller, wanted);
  if (checked instanceof Response) return checked;
  // Counted once everything else holds: a request refused for another reason uses up nothing.
  const refused = await withinLimit(wanted.length);
  if (refused) return refused;

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
    return json({ success: false, error: 'Failed to post to social media platforms' }, 500);
  }
  if (scheduledFor) {
    return json({ success: true, batch_id: batchId, scheduled: (inserted as PostRow[]).map((r) => ({ post_id: r.id, platform: r.platform, account_id: r.social_account_id, scheduled_for: scheduledFor })) });
  }
  const results = await sendPosts(inserted as PostRow[]);
  return json({ success: results.some((r) => r.status === 'posted'), batch_id: batchId, results });
});
