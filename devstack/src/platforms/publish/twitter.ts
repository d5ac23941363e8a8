/**
 * X (api.x.com) posting, v2 endpoints:
 *
 *   POST /2/media/upload                    multipart `media` (+ media_category=tweet_image|tweet_gif)
 *                                           → { data: { id, media_key, size, expires_after_secs, image: { image_type, w, h } } }
 *                                           (also the older command=INIT|APPEND|FINALIZE form on the same path)
 *   POST /2/media/upload/initialize         JSON { media_type, total_bytes, media_category } → { data: { id, media_key, expires_after_secs } }
 *   POST /2/media/upload/{id}/append        multipart `media`, `segment_index` → { data: { expires_at } }
 *   POST /2/media/upload/{id}/finalize      → { data: { id, media_key, size, expires_after_secs, processing_info: { state, check_after_secs } } }
 *   GET  /2/media/upload?media_id=&command=STATUS → { data: { id, media_key, processing_info: { state, check_after_secs?, progress_percent, error? } } }
 *   POST /2/tweets                          JSON { text, media: { media_ids } } → 201 { data: { id, text, edit_history_tweet_ids } }
 *   GET  /2/tweets/{id} · /2/tweets?ids=…   with tweet.fields (public_metrics, non_public_metrics, organic_metrics,
 *                                           created_at, attachments, author_id) and expansions=attachments.media_keys
 *   DELETE /2/tweets/{id}                   → { data: { deleted: true } }
 *
 * Text is measured as X measures it (twitter-text v3: most Latin text 1, CJK and emoji 2, any URL 23;
 * 280 in all; the same count the app and the social-post function use); duplicate text is refused; images ≤ 5 MB (JPEG, PNG, GIF, WEBP) up to 4, or one video
 * (MP4/MOV ≤ 512 MB, 0.5 … 140 s), processed in about two seconds after FINALIZE.
 */
import { writeFileSync } from 'node:fs';
import { xWeightedLength as weightedLength } from '@shotcraft/shared/social-text.ts';
import { PLATFORMS, PUBLISHING } from '../catalog.js';
import { json, type Reply } from '../http.js';
import { metricsOf } from '../insights.js';
import { checkImage, checkVideo, probe } from '../media.js';
import type { PostRecord, UploadRecord } from '../store.js';
import { authorize, background, findPost, isReply, numericId, postsOf, recordPost, takeFault, type PublishContext, type Route } from './common.js';

const spec = PLATFORMS.twitter;
const rules = PUBLISHING.twitter;
const TWEET_BASE = 1_860_000_000_000_000_000n;
const MEDIA_BASE = 1_870_000_000_000_000_000n;
const MEDIA_TTL_SECS = 86_400;
const VIDEO_PROCESSING_MS = 2000;
const GIF_MAX_BYTES = 15 * 1024 * 1024;

/** Segments of chunked uploads in progress (kept in memory: an interrupted upload starts over). */
const segments = new Map<string, Map<number, Buffer>>();

const invalidRequest = (message: string, parameters?: Record<string, string[]>): Reply => ({
  status: 400,
  body: { errors: [{ ...(parameters ? { parameters } : {}), message }], title: 'Invalid Request', detail: 'One or more parameters to your request was invalid.', type: 'https://api.twitter.com/2/problems/invalid-request' },
});
const forbidden = (detail: string): Reply => ({ status: 403, body: { detail, type: 'about:blank', title: 'Forbidden', status: 403 } });
const notFound = (id: string) => ({ value: id, detail: `Could not find tweet with id: [${id}].`, title: 'Not Found Error', resource_type: 'tweet', parameter: 'id', resource_id: id, type: 'https://api.twitter.com/2/problems/resource-not-found' });

const mediaKey = (u: UploadRecord) => `${u.info?.kind === 'video' || u.declaredType.startsWith('video/') ? 7 : u.info?.format === 'gif' || u.category === 'tweet_gif' ? 16 : 3}_${u.id}`;

function processingInfo(u: UploadRecord, now = Date.now()): Record<string, unknown> | null {
  const isVideo = u.declaredType.startsWith('video/') || u.category === 'tweet_video' || u.category === 'amplify_video';
  if (!isVideo) return null;
  if (!u.finalized) return null;
  if (u.readyAt === null || now < u.readyAt) {
    const elapsed = now - u.createdAt;
    return { state: u.readyAt === null && elapsed < 300 ? 'pending' : 'in_progress', check_after_secs: 1, progress_percent: u.readyAt === null ? 30 : 70 };
  }
  if (u.error) return { state: 'failed', progress_percent: 100, error: { code: 1, name: 'InvalidMedia', message: `Invalid or Unsupported media, Reason: ${u.error}.` } };
  return { state: 'succeeded', progress_percent: 100 };
}

function mediaBody(u: UploadRecord): Record<string, unknown> {
  const body: Record<string, unknown> = { id: u.id, media_key: mediaKey(u), size: u.info?.bytes ?? u.totalBytes ?? 0, expires_after_secs: Math.max(0, u.expiresAt - Math.floor(Date.now() / 1000)) };
  const info = processingInfo(u);
  if (info) body.processing_info = info;
  if (u.info?.kind === 'image') body.image = { image_type: `image/${u.info.format}`, w: u.info.width, h: u.info.height };
  if (u.info?.kind === 'video' && !u.error && u.readyAt !== null && Date.now() >= u.readyAt) body.video = { video_type: 'video/mp4' };
  return body;
}

/** Checks stored bytes against the rules, now (images) or after a processing delay (video). */
async function inspect(ctx: PublishContext, u: UploadRecord, bytes: Buffer, rejected: boolean): Promise<Reply | null> {
  writeFileSync(ctx.store.mediaPath(u.id), bytes);
  const isVideo = u.declaredType.startsWith('video/') || u.category === 'tweet_video' || u.category === 'amplify_video';
  if (!isVideo) {
    const info = await probe(bytes);
    const rule = info.format === 'gif' ? { ...rules.media.image, maxBytes: GIF_MAX_BYTES } : rules.media.image;
    const refusal = rejected ? { reason: 'format', message: 'rejected on request (/_devstack/fail)' } : checkImage(info, rule);
    if (refusal) {
      delete ctx.store.state.uploads[u.id];
      ctx.store.save();
      return invalidRequest(refusal.reason === 'size' ? `File size exceeds ${rule.maxBytes} bytes.` : `media type unrecognized. (${refusal.message})`, { media: [] });
    }
    u.info = info;
    u.readyAt = Date.now();
    ctx.store.save();
    return null;
  }
  const started = Date.now();
  ctx.store.save();
  background(ctx, 'x video', async () => {
    const info = await probe(bytes);
    const refusal = rejected ? { message: 'UnsupportedMedia' } : checkVideo(info, rules.media.video);
    const current = ctx.store.state.uploads[u.id];
    if (!current) return;
    current.info = info;
    current.error = refusal ? (refusal.message === 'UnsupportedMedia' ? 'UnsupportedMedia' : `InvalidMedia (${refusal.message})`) : null;
    current.readyAt = Math.max(Date.now(), started + VIDEO_PROCESSING_MS);
    ctx.store.save();
  });
  return null;
}

function newUpload(ctx: PublishContext, account: string, declaredType: string, category: string, totalBytes: number | null): UploadRecord {
  const u: UploadRecord = {
    id: numericId(ctx, MEDIA_BASE), platform: 'twitter', account, declaredType, category, totalBytes, received: 0, segments: [],
    finalized: false, readyAt: null, info: null, error: null, createdAt: Date.now(), expiresAt: Math.floor(Date.now() / 1000) + MEDIA_TTL_SECS,
  };
  ctx.store.state.uploads[u.id] = u;
  ctx.store.save();
  return u;
}

function tweetBody(post: PostRecord, fields: Set<string>): Record<string, unknown> {
  const m = metricsOf(post);
  const body: Record<string, unknown> = { id: post.id, text: post.text, edit_history_tweet_ids: [post.id] };
  if (fields.has('created_at')) body.created_at = new Date(post.createdAt).toISOString();
  if (fields.has('author_id')) body.author_id = post.account;
  if (fields.has('attachments') && post.media.length) body.attachments = { media_keys: post.extra.media_keys };
  if (fields.has('public_metrics')) body.public_metrics = { retweet_count: m.shares, reply_count: m.comments, like_count: m.likes, quote_count: m.quotes, bookmark_count: m.bookmarks, impression_count: m.impressions };
  if (fields.has('non_public_metrics')) body.non_public_metrics = { impression_count: m.impressions, url_link_clicks: m.outboundClicks, user_profile_clicks: m.profileVisits };
  if (fields.has('organic_metrics')) body.organic_metrics = { impression_count: m.impressions, like_count: m.likes, reply_count: m.comments, retweet_count: m.shares, url_link_clicks: m.outboundClicks, user_profile_clicks: m.profileVisits };
  return body;
}

function includesOf(posts: PostRecord[], req: URLSearchParams): Record<string, unknown> | undefined {
  if (!(req.get('expansions') ?? '').split(',').includes('attachments.media_keys')) return undefined;
  const media = posts.flatMap((p) => p.media.map((m, i) => ({ media_key: (p.extra.media_keys as string[])[i], type: m.kind === 'video' ? 'video' : 'photo', url: m.kind === 'image' ? m.url : undefined, preview_image_url: m.kind === 'video' ? m.url : undefined, width: m.width, height: m.height })));
  return media.length ? { media } : undefined;
}

export const twitterRoutes: Route = async (ctx, req) => {
  const { path, method } = req;
  const upload = /^\/2\/media\/upload(?:\/(initialize)|\/(\d+)\/(append|finalize))?\/?$/.exec(path);
  const tweets = /^\/2\/tweets(?:\/(\d+))?\/?$/.exec(path);
  if (!upload && !tweets) return null;
  const params = await req.params();
  const who = authorize(ctx, 'twitter', req, params);
  if (isReply(who)) return who;
  const state = ctx.store.state;

  if (upload) {
    const [, initialize, mediaId, step] = upload;
    const command = (params.get('command') ?? '').toUpperCase();
    if (method === 'GET') {
      const u = state.uploads[params.get('media_id') ?? ''];
      if (!u || u.platform !== 'twitter' || u.account !== who.accountId) return invalidRequest('Invalid media_id.', { media_id: [params.get('media_id') ?? ''] });
      return json(200, { data: mediaBody(u) });
    }
    if (method !== 'POST') return null;

    if (initialize || command === 'INIT') {
      const fault = takeFault(ctx, 'twitter', who);
      if (fault && 'reply' in fault) return fault.reply;
      const mediaType = params.get('media_type') ?? '';
      const total = Number(params.get('total_bytes'));
      const category = params.get('media_category') ?? (mediaType.startsWith('video/') ? 'tweet_video' : mediaType === 'image/gif' ? 'tweet_gif' : 'tweet_image');
      if (!/^(image\/(jpeg|png|gif|webp|bmp|pjpeg|tiff)|video\/(mp4|quicktime|webm|mp2t)|text\/srt|text\/vtt|model\/gltf-binary)$/.test(mediaType)) return invalidRequest('media_type is invalid or missing.', { media_type: [mediaType] });
      if (!Number.isFinite(total) || total <= 0) return invalidRequest('total_bytes is required.', { total_bytes: [params.get('total_bytes') ?? ''] });
      const max = mediaType.startsWith('video/') ? rules.media.video.maxBytes : mediaType === 'image/gif' ? GIF_MAX_BYTES : rules.media.image.maxBytes;
      if (total > max) return invalidRequest(`File size exceeds ${max} bytes.`, { total_bytes: [String(total)] });
      const u = newUpload(ctx, who.accountId, mediaType, category, total);
      if (fault) u.error = 'UnsupportedMedia';
      ctx.store.save();
      return json(200, { data: { id: u.id, media_key: mediaKey(u), expires_after_secs: MEDIA_TTL_SECS } });
    }

    if (step || command === 'APPEND' || command === 'FINALIZE') {
      const id = mediaId ?? params.get('media_id') ?? '';
      const u = state.uploads[id];
      if (!u || u.platform !== 'twitter' || u.account !== who.accountId) return invalidRequest('Invalid media_id.', { media_id: [id] });
      if ((step ?? command.toLowerCase()) === 'append') {
        if (u.finalized) return invalidRequest('The media has already been finalized.');
        const index = Number(params.get('segment_index'));
        const file = params.files.get('media');
        const bytes = file?.bytes ?? (params.get('media') ? Buffer.from(params.get('media')!, 'base64') : params.get('media_data') ? Buffer.from(params.get('media_data')!, 'base64') : null);
        if (!Number.isInteger(index) || index < 0 || index > 999) return invalidRequest('segment_index must be an integer between 0 and 999.', { segment_index: [params.get('segment_index') ?? ''] });
        if (!bytes) return invalidRequest('media is required.', { media: [] });
        if (!segments.has(u.id)) segments.set(u.id, new Map());
        segments.get(u.id)!.set(index, bytes);
        u.received = [...segments.get(u.id)!.values()].reduce((s, b) => s + b.length, 0);
        if (!u.segments.includes(index)) u.segments.push(index);
        if (u.totalBytes !== null && u.received > u.totalBytes) return invalidRequest('Segments add up to more than the provided total file size.');
        ctx.store.save();
        return json(200, { data: { expires_at: u.expiresAt } });
      }
      if (u.finalized) return json(200, { data: mediaBody(u) });
      const parts = segments.get(u.id);
      const ordered = parts ? [...parts.entries()].sort((a, b) => a[0] - b[0]).map(([, b]) => b) : [];
      const bytes = Buffer.concat(ordered);
      if (bytes.length === 0 || (u.totalBytes !== null && bytes.length !== u.totalBytes)) return invalidRequest(`Segments do not add up to provided total file size (${bytes.length} of ${u.totalBytes}).`);
      segments.delete(u.id);
      u.finalized = true;
      const refused = await inspect(ctx, u, bytes, u.error === 'UnsupportedMedia');
      if (refused) return refused;
      return json(200, { data: mediaBody(u) });
    }

    // One request with the whole file (images and GIFs).
    const fault = takeFault(ctx, 'twitter', who);
    if (fault && 'reply' in fault) return fault.reply;
    const file = params.files.get('media');
    const bytes = file?.bytes ?? (params.get('media') ? Buffer.from(params.get('media')!, 'base64') : params.get('media_data') ? Buffer.from(params.get('media_data')!, 'base64') : null);
    if (!bytes) return invalidRequest('media is required.', { media: [] });
    const category = params.get('media_category') ?? 'tweet_image';
    if (category === 'tweet_video' || category === 'amplify_video') return invalidRequest('Videos must be uploaded with initialize, append and finalize.', { media_category: [category] });
    const u = newUpload(ctx, who.accountId, params.get('media_type') ?? file?.type ?? 'image/*', category, bytes.length);
    u.finalized = true;
    u.received = bytes.length;
    const refused = await inspect(ctx, u, bytes, !!fault);
    if (refused) return refused;
    return json(200, { data: mediaBody(u) });
  }

  // ---- tweets ----
  const [, tweetId] = tweets!;
  const fields = new Set((req.url.searchParams.get('tweet.fields') ?? '').split(',').filter(Boolean));
  if (method === 'GET' && tweetId) {
    const post = findPost(ctx, 'twitter', tweetId);
    if (!post) return json(200, { errors: [notFound(tweetId)] });
    const includes = includesOf([post], req.url.searchParams);
    return json(200, { data: tweetBody(post, fields), ...(includes ? { includes } : {}) });
  }
  if (method === 'GET') {
    const ids = (req.url.searchParams.get('ids') ?? '').split(',').filter(Boolean);
    if (ids.length === 0 || ids.length > 100) return invalidRequest('The `ids` query parameter value [] is not between 1 and 100', { ids: [] });
    const found = ids.map((id) => findPost(ctx, 'twitter', id));
    const data = found.filter((p): p is PostRecord => !!p).map((p) => tweetBody(p, fields));
    const errors = ids.filter((_, i) => !found[i]).map(notFound);
    const includes = includesOf(found.filter((p): p is PostRecord => !!p), req.url.searchParams);
    return json(200, { ...(data.length ? { data } : {}), ...(includes ? { includes } : {}), ...(errors.length ? { errors } : {}) });
  }
  if (method === 'DELETE' && tweetId) {
    const post = findPost(ctx, 'twitter', tweetId);
    if (post && post.account === who.accountId) {
      delete state.posts[`twitter:${tweetId}`];
      ctx.store.save();
    }
    return json(200, { data: { deleted: !!post } });
  }
  if (method !== 'POST' || tweetId) return null;

  const fault = takeFault(ctx, 'twitter', who);
  if (fault && 'reply' in fault) return fault.reply;
  if (params.body.__invalid_json) return invalidRequest('Request body is not valid JSON.');
  const text = typeof params.body.text === 'string' ? params.body.text : '';
  const mediaIds = ((params.body.media as { media_ids?: unknown } | undefined)?.media_ids ?? []) as unknown[];
  if (!Array.isArray(mediaIds) || mediaIds.some((x) => typeof x !== 'string')) return invalidRequest('$.media.media_ids: must be an array of strings', { 'media.media_ids': [] });
  if (!text.trim() && mediaIds.length === 0) return invalidRequest('$.text: is missing but it is required (or media)', { text: [text] });
  if (weightedLength(text) > rules.text.weighted!) return invalidRequest(`Tweet text is too long (${weightedLength(text)} of ${rules.text.weighted} characters as X counts them).`, { text: [text] });
  const uploads: UploadRecord[] = [];
  for (const id of mediaIds as string[]) {
    const u = state.uploads[id];
    const info = u ? processingInfo(u) : null;
    const usable = u && u.platform === 'twitter' && u.account === who.accountId && u.finalized && u.expiresAt > Date.now() / 1000 && !u.error && (!info || info.state === 'succeeded') && u.info;
    if (!usable || fault) return invalidRequest('Your media IDs are invalid.', { 'media.media_ids': mediaIds as string[] });
    uploads.push(u);
  }
  const videos = uploads.filter((u) => u.info?.kind === 'video' || u.info?.format === 'gif').length;
  if (uploads.length > rules.text.images! || (videos > 0 && uploads.length > 1)) return invalidRequest('Your media IDs are invalid: up to 4 images, or one GIF or video.', { 'media.media_ids': mediaIds as string[] });
  if (text.trim() && postsOf(ctx, 'twitter', who.accountId).some((p) => p.text === text)) return forbidden('You are not allowed to create a Tweet with duplicate content.');
  const id = numericId(ctx, TWEET_BASE);
  recordPost(ctx, {
    platform: 'twitter', account: who.accountId, id, text,
    media: uploads.map((u) => ({ url: `${ctx.origin}/_devstack/media/${u.id}`, kind: u.info!.kind === 'video' ? 'video' : 'image', format: u.info!.format, width: u.info!.width, height: u.info!.height })),
    permalink: `https://x.com/${spec.demo.username}/status/${id}`,
    extra: { media_keys: uploads.map(mediaKey) },
  });
  return json(201, { data: { id, text, edit_history_tweet_ids: [id] } });
};
