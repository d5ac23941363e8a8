/**
 * TikTok Content Posting API (open.tiktokapis.com):
 *
 *   POST /v2/post/publish/creator_info/query/   → { data: { creator_*, privacy_level_options, comment_disabled, duet_disabled,
 *                                                  stitch_disabled, max_video_post_duration_sec }, error }
 *   POST /v2/post/publish/video/init/           { post_info, source_info: { source: PULL_FROM_URL, video_url }
 *                                                  | { source: FILE_UPLOAD, video_size, chunk_size, total_chunk_count } }
 *                                               → { data: { publish_id[, upload_url] }, error }
 *   POST /v2/post/publish/inbox/video/init/     the same, as a draft in the creator's inbox (SEND_TO_USER_INBOX)
 *   PUT  {upload_url} = /video/?upload_id=…     a chunk, Content-Range: bytes a-b/total → 206, the last → 201
 *   POST /v2/post/publish/content/init/         photos: { post_info: { title, description, privacy_level }, source_info:
 *                                                  { source: PULL_FROM_URL, photo_images, photo_cover_index }, post_mode, media_type: PHOTO }
 *   POST /v2/post/publish/status/fetch/         { publish_id } → { data: { status, fail_reason?, publicaly_available_post_id,
 *                                                  uploaded_bytes, downloaded_bytes }, error }
 *   POST /v2/video/query/?fields=…              { filters: { video_ids } } → { data: { videos }, error }
 *   POST /v2/video/list/?fields=…               { max_count, cursor } → { data: { videos, cursor, has_more }, error }
 *
 * The media is fetched and checked after init answers: PROCESSING_DOWNLOAD (or PROCESSING_UPLOAD)
 * for about a second (two for video), then PUBLISH_COMPLETE or FAILED with TikTok's fail_reason
 * (video_pull_failed / photo_pull_failed, file_format_check_failed, duration_check_failed).
 * Post ids are numbers, as TikTok sends them (kept below 2^53 so JSON.parse keeps them exact).
 * Refusals: 400 invalid_param (lengths, sources, chunk rules), 403 privacy_level_option_mismatch,
 * 403 url_ownership_unverified (PULL_FROM_URL from a URL prefix the app has not verified),
 * 401 access_token_invalid, 429 rate_limit_exceeded; the display API (video query/list) says
 * invalid_params.
 */
import { writeFileSync } from 'node:fs';
import { PLATFORMS, PUBLISHING } from '../catalog.js';
import { json, type Reply } from '../http.js';
import { metricsOf } from '../insights.js';
import { checkImage, checkVideo, download, probe } from '../media.js';
import type { MediaInfo, PostMedia, TikTokPublishRecord } from '../store.js';
import { authorize, background, findPost, isReply, numericId, postsOf, recordPost, takeFault, type PublishContext, type Route } from './common.js';

const spec = PLATFORMS.tiktok;
const rules = PUBLISHING.tiktok;
const POST_BASE = 7_300_000_000_000_000n;
const PRIVACY = ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'];
const MB = 1024 * 1024;
const PHOTO_PROCESSING_MS = 1000;
const VIDEO_PROCESSING_MS = 2000;

const ok = (data: unknown): Reply => json(200, { data, error: { code: 'ok', message: '', log_id: 'devstack' } });
const fail = (status: number, code: string, message: string): Reply => json(status, { data: {}, error: { code, message, log_id: 'devstack' } });

/** FILE_UPLOAD chunks being received (memory only). */
const chunks = new Map<string, Map<number, Buffer>>();

const utf16Length = (s: string) => s.length;

/**
 * PULL_FROM_URL only from a URL prefix or domain the app owner verified with TikTok; anything
 * else is refused at init with 403 url_ownership_unverified.
 */
function unverified(ctx: PublishContext, urls: readonly string[]): Reply | null {
  const stranger = urls.find((u) => !ctx.verifiedUrlPrefixes.some((prefix) => u.startsWith(prefix)));
  if (stranger === undefined) return null;
  let host = stranger;
  try {
    host = new URL(stranger).host;
  } catch {
    // Not a URL at all: named as given.
  }
  return fail(403, 'url_ownership_unverified', `The URL prefix or domain of ${host} has not been verified for this app. Verify it in the TikTok developer portal, or send the video with FILE_UPLOAD.`);
}

function finish(ctx: PublishContext, publishId: string, media: PostMedia[], failReason: string | null, downloaded: number, started: number, delay: number): void {
  const p = ctx.store.state.tiktok[publishId];
  if (!p) return;
  p.failReason = failReason;
  p.downloadedBytes = downloaded;
  p.readyAt = Math.max(Date.now(), started + delay);
  if (!failReason && p.postMode === 'DIRECT_POST') {
    const id = numericId(ctx, POST_BASE);
    p.postId = id;
    const post = recordPost(ctx, {
      platform: 'tiktok', account: p.account, id, text: p.title, media,
      permalink: `https://www.tiktok.com/@${spec.demo.username}/${p.kind === 'photo' ? 'photo' : 'video'}/${id}`,
      extra: { privacy_level: p.privacy, description: p.description, publish_id: publishId, duration: null },
    });
    // Show up only once TikTok says so.
    post.createdAt = p.readyAt;
  }
  ctx.store.save();
}

function videoFailure(info: MediaInfo): string | null {
  const refusal = checkVideo(info, rules.media.video);
  if (!refusal) return null;
  return refusal.reason === 'duration' ? 'duration_check_failed' : refusal.reason === 'size' ? 'file_format_check_failed' : 'file_format_check_failed';
}

async function processVideo(ctx: PublishContext, p: TikTokPublishRecord, bytes: Buffer | null, url: string | null, rejected: boolean): Promise<void> {
  const started = Date.now();
  if (rejected) return finish(ctx, p.publishId, [], 'file_format_check_failed', 0, started, VIDEO_PROCESSING_MS);
  let data = bytes;
  if (!data && url) {
    const got = await download(url, rules.media.video.maxBytes + 1);
    if (!got.ok) return finish(ctx, p.publishId, [], got.reason === 'too_large' ? 'file_format_check_failed' : 'video_pull_failed', 0, started, VIDEO_PROCESSING_MS);
    data = got.bytes;
  }
  const info = await probe(data!);
  const reason = videoFailure(info);
  const mediaUrl = url ?? `${ctx.origin}/_devstack/media/${p.uploadId}`;
  finish(ctx, p.publishId, reason ? [] : [{ url: mediaUrl, kind: 'video', format: info.format, width: info.width, height: info.height }], reason, url ? data!.length : 0, started, VIDEO_PROCESSING_MS);
}

async function processPhotos(ctx: PublishContext, p: TikTokPublishRecord, rejected: boolean): Promise<void> {
  const started = Date.now();
  if (rejected) return finish(ctx, p.publishId, [], 'file_format_check_failed', 0, started, PHOTO_PROCESSING_MS);
  const media: PostMedia[] = [];
  let downloaded = 0;
  for (const url of p.urls) {
    const got = await download(url, rules.media.image.maxBytes + 1);
    if (!got.ok) return finish(ctx, p.publishId, [], got.reason === 'too_large' ? 'picture_size_check_failed' : 'photo_pull_failed', downloaded, started, PHOTO_PROCESSING_MS);
    downloaded += got.bytes.length;
    const info = await probe(got.bytes);
    const refusal = checkImage(info, rules.media.image);
    if (refusal) return finish(ctx, p.publishId, [], refusal.reason === 'size' ? 'picture_size_check_failed' : 'file_format_check_failed', downloaded, started, PHOTO_PROCESSING_MS);
    media.push({ url, kind: 'image', format: info.format, width: info.width, height: info.height });
  }
  finish(ctx, p.publishId, media, null, downloaded, started, PHOTO_PROCESSING_MS);
}

function statusOf(p: TikTokPublishRecord, uploads: PublishContext['store']['state']['uploads']): Record<string, unknown> {
  const upload = p.uploadId ? uploads[p.uploadId] : null;
  const base = { uploaded_bytes: upload?.received ?? 0, downloaded_bytes: p.downloadedBytes };
  const waiting = p.readyAt === null || Date.now() < p.readyAt;
  if (waiting) return { status: p.source === 'FILE_UPLOAD' ? 'PROCESSING_UPLOAD' : 'PROCESSING_DOWNLOAD', publicaly_available_post_id: [], ...base };
  if (p.failReason) return { status: 'FAILED', fail_reason: p.failReason, publicaly_available_post_id: [], ...base };
  if (p.postMode === 'MEDIA_UPLOAD') return { status: 'SEND_TO_USER_INBOX', publicaly_available_post_id: [], ...base };
  // Private posts are never publicly available: no id for them.
  return { status: 'PUBLISH_COMPLETE', publicaly_available_post_id: p.privacy === 'SELF_ONLY' || !p.postId ? [] : [Number(p.postId)], ...base };
}

const VIDEO_FIELDS = ['id', 'create_time', 'cover_image_url', 'share_url', 'video_description', 'duration', 'height', 'width', 'title', 'embed_html', 'embed_link', 'like_count', 'comment_count', 'share_count', 'view_count'];

export const tiktokRoutes: Route = async (ctx, req) => {
  const { path, method } = req;
  const state = ctx.store.state;

  // The upload URL init hands out (open-upload.tiktokapis.com/video/?upload_id=…&upload_token=…).
  if (path === '/video/' || path === '/video') {
    if (method !== 'PUT') return null;
    const uploadId = req.url.searchParams.get('upload_id') ?? '';
    const u = state.uploads[uploadId];
    if (!u || u.platform !== 'tiktok' || req.url.searchParams.get('upload_token') !== `token-${uploadId}`) return json(404, { error: { code: 'invalid_upload', message: 'Unknown upload_id or upload_token.' } });
    const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(req.header('content-range') ?? '');
    const body = await req.buffer();
    if (!range) return json(400, { error: { code: 'invalid_param', message: 'Content-Range: bytes {first}-{last}/{total} is required.' } });
    const [first, last, total] = range.slice(1).map(Number) as [number, number, number];
    if (total !== u.totalBytes || last < first || last - first + 1 !== body.length || last >= total) return json(400, { error: { code: 'invalid_param', message: `Content-Range ${first}-${last}/${total} does not match the ${body.length} bytes sent or the video_size ${u.totalBytes}.` } });
    if (!chunks.has(u.id)) chunks.set(u.id, new Map());
    chunks.get(u.id)!.set(first, body);
    u.received = [...chunks.get(u.id)!.values()].reduce((s, b) => s + b.length, 0);
    ctx.store.save();
    if (u.received < total) return { status: 206, body: {} };
    const bytes = Buffer.concat([...chunks.get(u.id)!.entries()].sort((a, b) => a[0] - b[0]).map(([, b]) => b));
    chunks.delete(u.id);
    u.finalized = true;
    writeFileSync(ctx.store.mediaPath(u.id), bytes);
    const p = Object.values(state.tiktok).find((x) => x.uploadId === u.id);
    if (p) background(ctx, 'tiktok upload', () => processVideo(ctx, p, bytes, null, u.error === 'rejected'));
    return { status: 201, body: {} };
  }

  const routes = ['/v2/post/publish/creator_info/query/', '/v2/post/publish/video/init/', '/v2/post/publish/inbox/video/init/', '/v2/post/publish/content/init/', '/v2/post/publish/status/fetch/', '/v2/video/query/', '/v2/video/list/'];
  const route = routes.find((r) => r === path || r === `${path}/`);
  if (!route) return null;
  if (method !== 'POST') return fail(405, 'invalid_param', 'Use POST.');
  const params = await req.params();
  const who = authorize(ctx, 'tiktok', req, params);
  if (isReply(who)) return who;
  const body = params.body;
  if (body.__invalid_json) return fail(400, 'invalid_param', 'The request body is not valid JSON.');

  if (route === '/v2/post/publish/creator_info/query/') {
    return ok({
      creator_avatar_url: `${ctx.origin}/_devstack/avatar/tiktok.svg`, creator_username: spec.demo.username, creator_nickname: spec.demo.name,
      privacy_level_options: PRIVACY, comment_disabled: false, duet_disabled: false, stitch_disabled: false, max_video_post_duration_sec: rules.media.video.maxSeconds,
    });
  }

  if (route === '/v2/post/publish/status/fetch/') {
    const p = state.tiktok[String(body.publish_id ?? '')];
    if (!p || p.account !== who.accountId) return fail(400, 'invalid_publish_id', 'The publish_id does not exist or does not belong to this user.');
    return ok(statusOf(p, state.uploads));
  }

  if (route === '/v2/video/query/' || route === '/v2/video/list/') {
    const fields = (req.url.searchParams.get('fields') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    if (fields.length === 0) return fail(400, 'invalid_params', 'fields is required.');
    const bad = fields.find((f) => !VIDEO_FIELDS.includes(f));
    if (bad) return fail(400, 'invalid_params', `Invalid field: ${bad}`);
    const shape = (id: string) => {
      const post = findPost(ctx, 'tiktok', id);
      if (!post || post.account !== who.accountId) return null;
      const m = metricsOf(post);
      const first = post.media[0];
      const all: Record<string, unknown> = {
        id, create_time: Math.floor(post.createdAt / 1000), cover_image_url: first?.url ?? '', share_url: post.permalink, video_description: post.text,
        duration: 0, height: first?.height ?? 0, width: first?.width ?? 0, title: post.text, embed_html: '', embed_link: `https://www.tiktok.com/embed/v2/${id}`,
        like_count: m.likes, comment_count: m.comments, share_count: m.shares, view_count: m.views,
      };
      return Object.fromEntries(fields.map((f) => [f, all[f]]));
    };
    if (route === '/v2/video/query/') {
      const ids = ((body.filters as { video_ids?: unknown } | undefined)?.video_ids ?? []) as unknown[];
      if (!Array.isArray(ids) || ids.length === 0 || ids.length > 20) return fail(400, 'invalid_params', 'filters.video_ids must have 1 to 20 ids.');
      return ok({ videos: ids.map((id) => shape(String(id))).filter(Boolean) });
    }
    const max = Math.min(20, Number(body.max_count ?? 20) || 20);
    const cursor = Number(body.cursor ?? 0) || Date.now() + 1;
    const posts = postsOf(ctx, 'tiktok', who.accountId).filter((p) => p.createdAt < cursor && p.createdAt <= Date.now()).sort((a, b) => b.createdAt - a.createdAt);
    const page = posts.slice(0, max);
    return ok({ videos: page.map((p) => shape(p.id)), cursor: page.at(-1)?.createdAt ?? 0, has_more: posts.length > max });
  }

  // ---- init: video (direct or inbox) and photos ----
  const fault = takeFault(ctx, 'tiktok', who);
  if (fault && 'reply' in fault) return fault.reply;
  const rejected = !!fault;
  const postInfo = (body.post_info ?? {}) as Record<string, unknown>;
  const sourceInfo = (body.source_info ?? {}) as Record<string, unknown>;
  const source = String(sourceInfo.source ?? '');
  const title = typeof postInfo.title === 'string' ? postInfo.title : '';
  const description = typeof postInfo.description === 'string' ? postInfo.description : '';
  const isPhoto = route === '/v2/post/publish/content/init/';
  const postMode = route === '/v2/post/publish/inbox/video/init/' ? 'MEDIA_UPLOAD' : isPhoto ? String(body.post_mode ?? '') : 'DIRECT_POST';
  if (postMode !== 'DIRECT_POST' && postMode !== 'MEDIA_UPLOAD') return fail(400, 'invalid_param', 'post_mode must be DIRECT_POST or MEDIA_UPLOAD.');
  const privacy = String(postInfo.privacy_level ?? '');
  if (postMode === 'DIRECT_POST' && !PRIVACY.includes(privacy)) return fail(403, 'privacy_level_option_mismatch', `privacy_level ${privacy || '(none)'} is not one of the creator's privacy_level_options.`);

  const p: TikTokPublishRecord = {
    publishId: '', account: who.accountId, kind: isPhoto ? 'photo' : 'video', source: source === 'FILE_UPLOAD' ? 'FILE_UPLOAD' : 'PULL_FROM_URL', postMode,
    title, description, privacy, urls: [], uploadId: null, readyAt: null, failReason: null, postId: null, downloadedBytes: 0, createdAt: Date.now(),
  };

  if (isPhoto) {
    if (body.media_type !== 'PHOTO') return fail(400, 'invalid_param', 'media_type must be PHOTO.');
    if (source !== 'PULL_FROM_URL') return fail(400, 'invalid_param', 'Photos can only be posted with source PULL_FROM_URL.');
    if (utf16Length(title) > rules.text.photoTitle!) return fail(400, 'invalid_param', `post_info.title is longer than ${rules.text.photoTitle} characters.`);
    if (utf16Length(description) > rules.text.photoDescription!) return fail(400, 'invalid_param', `post_info.description is longer than ${rules.text.photoDescription} characters.`);
    const images = sourceInfo.photo_images;
    if (!Array.isArray(images) || images.length === 0 || images.length > rules.text.photos! || images.some((u) => typeof u !== 'string')) return fail(400, 'invalid_param', `source_info.photo_images must hold 1 to ${rules.text.photos} URLs.`);
    const cover = Number(sourceInfo.photo_cover_index ?? 0);
    if (!Number.isInteger(cover) || cover < 0 || cover >= images.length) return fail(400, 'invalid_param', 'source_info.photo_cover_index is out of range.');
    const refused = unverified(ctx, images as string[]);
    if (refused) return refused;
    p.urls = images as string[];
    p.publishId = `p_pub_url~v2.${ctx.store.next()}`;
    state.tiktok[p.publishId] = p;
    ctx.store.save();
    background(ctx, 'tiktok photos', () => processPhotos(ctx, p, rejected));
    return ok({ publish_id: p.publishId });
  }

  if (utf16Length(title) > rules.text.videoTitle!) return fail(400, 'invalid_param', `post_info.title is longer than ${rules.text.videoTitle} characters.`);
  if (source === 'PULL_FROM_URL') {
    const url = sourceInfo.video_url;
    if (typeof url !== 'string' || !url) return fail(400, 'invalid_param', 'source_info.video_url is required.');
    const refused = unverified(ctx, [url]);
    if (refused) return refused;
    p.urls = [url];
    p.publishId = `v_pub_url~v2-1.${ctx.store.next()}`;
    state.tiktok[p.publishId] = p;
    ctx.store.save();
    background(ctx, 'tiktok video', () => processVideo(ctx, p, null, url, rejected));
    return ok({ publish_id: p.publishId });
  }
  if (source !== 'FILE_UPLOAD') return fail(400, 'invalid_param', 'source_info.source must be FILE_UPLOAD or PULL_FROM_URL.');
  const size = Number(sourceInfo.video_size);
  const chunk = Number(sourceInfo.chunk_size);
  const count = Number(sourceInfo.total_chunk_count);
  if (!(size > 0) || size > rules.media.video.maxBytes) return fail(400, 'invalid_param', 'source_info.video_size is invalid.');
  const chunkOk = size < 5 * MB ? chunk === size && count === 1 : chunk >= 5 * MB && chunk <= 64 * MB && count === Math.floor(size / chunk) && count <= 1000;
  if (!chunkOk) return fail(400, 'invalid_param', 'The chunk_size and total_chunk_count do not follow the media transfer rules (5–64 MB chunks, or one chunk under 5 MB).');
  const uploadId = `${ctx.store.next()}`;
  state.uploads[uploadId] = {
    id: uploadId, platform: 'tiktok', account: who.accountId, declaredType: 'video/*', category: 'FILE_UPLOAD', totalBytes: size, received: 0, segments: [],
    finalized: false, readyAt: null, info: null, error: rejected ? 'rejected' : null, createdAt: Date.now(), expiresAt: Math.floor(Date.now() / 1000) + 3600,
  };
  p.uploadId = uploadId;
  p.publishId = `v_pub_file~v2-1.${ctx.store.next()}`;
  state.tiktok[p.publishId] = p;
  ctx.store.save();
  return ok({ publish_id: p.publishId, upload_url: `${ctx.origin}/tiktok/video/?upload_id=${uploadId}&upload_token=token-${uploadId}` });
};
