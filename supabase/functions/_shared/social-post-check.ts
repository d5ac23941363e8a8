// What every post must be before a row is written, for social-post and social-campaign alike: the
// caller's own library item (not an analysis of someone else's ad, an image or a video), the
// caller's own connected account (still accepted by its platform), and a caption the platform
// takes, counted as the platform counts it. Ownership is read with the caller's own client, so
// another user's item or account is simply not found.
import { json } from './json.ts';
import { isPlatform, type Platform } from './social-platforms.ts';
import { captionTooLong, PLATFORM_NAMES } from '@shotcraft/shared/social-text.ts';
import type { Caller } from './user-client.ts';
import { isUuid } from '@shotcraft/shared/ids.ts';
import { NOT_POSTABLE } from '@shotcraft/shared/vocabulary.ts';

export const MAX_CAPTION = 63_206;

export interface WantedPost {
  content_id: string;
  account_id: string;
  caption: string;
}

export interface CheckedPost extends WantedPost {
  platform: Platform;
  media: 'image' | 'video';
  contentType: string;
}

/** SPEC.md §5: the words after # and after @. */
export const captionWords = (caption: string, mark: '#' | '@') =>
  [...new Set([...caption.matchAll(mark === '#' ? /#([\p{L}\p{N}_]+)/gu : /@([\p{L}\p{N}_.]+)/gu)].map((m) => m[1]))];

/** A post as the client sent it, or the 400 that says what is missing. */
export function readWantedPost(p: unknown, contentId?: unknown): WantedPost | Response {
  const post = (p && typeof p === 'object' ? p : {}) as Record<string, unknown>;
  const content = contentId ?? post.content_id;
  if (!isUuid(content)) return json({ success: false, error: 'content_id must be a library item id' }, 400);
  if (!isUuid(post.account_id)) return json({ success: false, error: 'Each post needs an account_id' }, 400);
  const caption = typeof post.caption === 'string' ? post.caption.trim() : '';
  if (!caption) return json({ success: false, code: 'no_caption', error: 'No caption: Please add a caption for your post' }, 400);
  if (caption.length > MAX_CAPTION) return json({ success: false, error: 'The caption is too long' }, 400);
  return { content_id: content, account_id: post.account_id, caption };
}

/** The posts resolved against the caller's library and accounts, or the answer that refuses them. */
export async function checkPosts(caller: Caller, wanted: readonly WantedPost[]): Promise<CheckedPost[] | Response> {
  const contentIds = [...new Set(wanted.map((w) => w.content_id))];
  const accountIds = [...new Set(wanted.map((w) => w.account_id))];
  const [{ data: contents }, { data: accounts }] = await Promise.all([
    caller.client.from('content_generations').select('id, mime_type, storage_path, content_type').in('id', contentIds),
    caller.client.from('social_accounts').select('id, platform, is_active').in('id', accountIds),
  ]);
  const contentById = new Map((contents ?? []).map((c) => [c.id as string, c]));
  const accountById = new Map((accounts ?? []).map((a) => [a.id as string, a]));
  const checked: CheckedPost[] = [];
  for (const w of wanted) {
    const content = contentById.get(w.content_id);
    if (!content?.storage_path) return json({ success: false, error: 'Content not found' }, 404);
    const notYours = NOT_POSTABLE[String(content.content_type)];
    if (notYours) return json({ success: false, code: 'not_postable', error: notYours }, 400);
    const mime = String(content.mime_type ?? '');
    if (!mime.startsWith('image/') && !mime.startsWith('video/')) return json({ success: false, error: 'Only images and videos can be posted.' }, 400);
    const account = accountById.get(w.account_id);
    if (!account || !isPlatform(account.platform)) return json({ success: false, error: 'Account not connected or token missing' }, 404);
    if (!account.is_active) return json({ success: false, code: 'reconnect_needed', error: 'Reconnect needed: the platform no longer accepts this connection. Connect the account again in Settings.' }, 409);
    const media = mime.startsWith('video/') ? 'video' : 'image';
    const platform = account.platform as Platform;
    // Each caption as its platform counts it (X: weighted), so nothing is stored that the platform would refuse.
    const tooLong = captionTooLong(platform, w.caption, media);
    if (tooLong) return json({ success: false, code: 'caption_too_long', error: `${PLATFORM_NAMES[platform]}: ${tooLong}` }, 400);
    checked.push({ ...w, platform, media, contentType: String(content.content_type) });
  }
  return checked;
}

const SCHEDULE_RULES = new Set(['daily_cap', 'schedule_gap', 'schedule_past', 'schedule_too_far']);

/** A write the database's schedule rules refused (the trigger's words), as a 400; null for any other error. */
export function scheduleRefusal(error: { code?: string; details?: string | null; message: string } | null): Response | null {
  if (!error || error.code !== '22023' || !SCHEDULE_RULES.has(error.details ?? '')) return null;
  return json({ success: false, code: error.details, error: error.message }, 400);
}
