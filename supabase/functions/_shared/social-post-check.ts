// What every post must be before a row is written, for social-post and social-campaign alike: the
// caller's own library item (not an analysis of someone else's ad, an image or a video), the
// caller's own connected account (still accepted by its platform), and a caption the platform
// takes, counted as the platform counts it. Ownership is read with the caller's own client, so
// another user's item or account is simply not found. The fields' shapes are checked first, by
// the functions' schemas (their schema.ts), with the pieces below.
import { z } from 'zod';
import { HttpError, refusal } from './handler.ts';
import { isPlatform, type Platform } from './social-platforms.ts';
import { captionTooLong, PLATFORM_NAMES } from '@shotcraft/shared/social-text.ts';
import type { Caller } from './user-client.ts';
import { isUuid } from '@shotcraft/shared/ids.ts';
import { NOT_POSTABLE } from '@shotcraft/shared/vocabulary.ts';

export const MAX_CAPTION = 63_206;

const CONTENT_ID = 'content_id must be a library item id';
const ACCOUNT_ID = 'Each post needs an account_id';
const NO_CAPTION = 'No caption: Please add a caption for your post';

/** A post's library item, as the schemas check it. */
export const PostContentId = z.string({ error: CONTENT_ID }).refine((id) => isUuid(id), { error: CONTENT_ID });
/** A post's account, as the schemas check it. */
export const PostAccountId = z.string({ error: ACCOUNT_ID }).refine((id) => isUuid(id), { error: ACCOUNT_ID });
/** A post's caption, trimmed; one left empty is refused by `requireCaptions` (code no_caption). */
export const PostCaption = z.string({ error: NO_CAPTION }).trim().max(MAX_CAPTION, { error: 'The caption is too long' });

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

/** docs/spec.md §5: the words after # and after @. */
export const captionWords = (caption: string, mark: '#' | '@') =>
  [...new Set([...caption.matchAll(mark === '#' ? /#([\p{L}\p{N}_]+)/gu : /@([\p{L}\p{N}_.]+)/gu)].map((m) => m[1]))];

/** docs/spec.md §5's words for a post whose caption is only spaces (the schema has trimmed it). */
export function requireCaptions(posts: readonly { caption: string }[]): void {
  if (posts.some((p) => !p.caption)) throw new HttpError(400, NO_CAPTION, 'no_caption');
}

/** The posts resolved against the caller's library and accounts; an HttpError refuses them. */
export async function checkPosts(caller: Caller, wanted: readonly WantedPost[]): Promise<CheckedPost[]> {
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
    if (!content?.storage_path) throw new HttpError(404, 'Content not found');
    const notYours = NOT_POSTABLE[String(content.content_type)];
    if (notYours) throw new HttpError(400, notYours, 'not_postable');
    const mime = String(content.mime_type ?? '');
    if (!mime.startsWith('image/') && !mime.startsWith('video/')) throw new HttpError(400, 'Only images and videos can be posted.');
    const account = accountById.get(w.account_id);
    if (!account || !isPlatform(account.platform)) throw new HttpError(404, 'Account not connected or token missing');
    if (!account.is_active) throw new HttpError(409, 'Reconnect needed: the platform no longer accepts this connection. Connect the account again in Settings.', 'reconnect_needed');
    const media = mime.startsWith('video/') ? 'video' : 'image';
    const platform = account.platform as Platform;
    // Each caption as its platform counts it (X: weighted), so nothing is stored that the platform would refuse.
    const tooLong = captionTooLong(platform, w.caption, media);
    if (tooLong) throw new HttpError(400, `${PLATFORM_NAMES[platform]}: ${tooLong}`, 'caption_too_long');
    checked.push({ ...w, platform, media, contentType: String(content.content_type) });
  }
  return checked;
}

const SCHEDULE_RULES = new Set(['daily_cap', 'schedule_gap', 'schedule_past', 'schedule_too_far']);

/** A write the database's schedule rules refused (the trigger's words), as a 400; null for any other error. */
export function scheduleRefusal(error: { code?: string; details?: string | null; message: string } | null): Response | null {
  if (!error || error.code !== '22023' || !SCHEDULE_RULES.has(error.details ?? '')) return null;
  return refusal(400, error.message, error.details ?? undefined);
}
