/**
 * Pinterest API v5 (api.pinterest.com):
 *
 *   GET  /v5/boards                       → { items: [board], bookmark: null } (the demo account has "default")
 *   POST /v5/boards                       { name, description, privacy } → 201 board
 *   GET  /v5/boards/{id} · /v5/boards/{id}/pins
 *   POST /v5/pins                         { board_id, title, description, link, alt_text, media_source:
 *                                            { source_type: image_url, url } | { source_type: image_base64, content_type, data }
 *                                            | { source_type: video_id, media_id, cover_image_url } } → 201 pin
 *   GET  /v5/pins/{id} · DELETE /v5/pins/{id}
 *   POST /v5/media                        { media_type: video } → 201 { media_id, media_type, upload_url, upload_parameters }
 *   POST {upload_url}                     multipart: the upload_parameters and `file` → 204 (as S3 answers)
 *   GET  /v5/media/{id}                   → { media_id, media_type, status: registered|processing|succeeded|failed }
 *   GET  /v5/pins/{id}/analytics          ?start_date&end_date&metric_types → { all: { daily_metrics, lifetime_metrics, summary_metrics } }
 *   GET  /v5/user_account/analytics       ?start_date&end_date[&metric_types] → { all: { daily_metrics, summary_metrics } }
 *
 * Errors are `{ code, message }`: 400 code 1 for invalid parameters (title > 100, description > 500 …),
 * 404 code 40 for an unknown board and 50 for an unknown pin, 429 code 8 when rate limited.
 */
import { writeFileSync } from 'node:fs';
import { PLATFORMS, PUBLISHING } from '../catalog.js';
import { json, type Reply } from '../http.js';
import { dailySeries, metricsOf, type Metrics } from '../insights.js';
import { checkImage, checkVideo, fetchAndCheck, probe } from '../media.js';
import type { BoardRecord, PostMedia, PostRecord, UploadRecord } from '../store.js';
import { authorize, background, findPost, isReply, numericId, postsOf, recordPost, takeFault, type PublishContext, type Route } from './common.js';

const spec = PLATFORMS.pinterest;
const rules = PUBLISHING.pinterest;
const PIN_BASE = 813_000_000_000_000_000n;
const BOARD_BASE = 549_755_900_000n;
const MEDIA_BASE = 5_000_000_000_000n;
const VIDEO_PROCESSING_MS = 2000;

const err = (status: number, code: number, message: string): Reply => json(status, { code, message });
const invalid = (message: string) => err(400, 1, `Invalid request: ${message}`);
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '');

function boards(ctx: PublishContext): BoardRecord[] {
  const state = ctx.store.state;
  if (!Object.values(state.boards).some((b) => b.name === 'default')) {
    const id = numericId(ctx, BOARD_BASE);
    state.boards[id] = { id, name: 'default', description: 'Where Shotcraft pins go unless you pick a board.', privacy: 'PUBLIC', createdAt: Date.now() };
    ctx.store.save();
  }
  return Object.values(state.boards).sort((a, b) => a.createdAt - b.createdAt);
}

function boardBody(ctx: PublishContext, b: BoardRecord): Record<string, unknown> {
  const pins = postsOf(ctx, 'pinterest').filter((p) => p.extra.board_id === b.id);
  return {
    id: b.id, created_at: iso(b.createdAt), board_pins_modified_at: iso(Math.max(b.createdAt, ...pins.map((p) => p.createdAt))), name: b.name,
    description: b.description, collaborator_count: 0, pin_count: pins.length, follower_count: 0,
    media: { image_cover_url: pins[0]?.media[0]?.url ?? null, pin_thumbnail_urls: pins.slice(0, 5).map((p) => p.media[0]?.url) },
    owner: { username: spec.demo.username }, privacy: b.privacy,
  };
}

function pinBody(post: PostRecord): Record<string, unknown> {
  const m = post.media[0];
  const sized = (w: number, h?: number) => {
    if (!m?.width || !m.height) return { width: w, height: h ?? w, url: m?.url };
    return { width: w, height: h ?? Math.round((m.height * w) / m.width), url: m.url };
  };
  const media = m?.kind === 'video'
    ? { media_type: 'video', cover_image_url: post.extra.cover_image_url ?? null, video_url: m.url, duration: post.extra.duration ?? null, height: m.height, width: m.width }
    : { media_type: 'image', images: { '150x150': sized(150, 150), '400x300': sized(400, 300), '600x': sized(600), '1200x': sized(1200), originals: { width: m?.width, height: m?.height, url: m?.url } } };
  return {
    id: post.id, created_at: iso(post.createdAt), link: post.extra.link ?? null, title: post.extra.title ?? '', description: post.text, dominant_color: '#6E7874',
    alt_text: post.extra.alt_text ?? null, creative_type: m?.kind === 'video' ? 'VIDEO' : 'REGULAR', board_id: post.extra.board_id, board_section_id: null,
    board_owner: { username: spec.demo.username }, is_owner: true, media, parent_pin_id: null, is_standard: true, has_been_promoted: false, note: '', pin_metrics: null,
  };
}

const PIN_METRICS: Record<string, (m: Metrics) => number> = {
  IMPRESSION: (m) => m.impressions,
  SAVE: (m) => m.saves,
  PIN_CLICK: (m) => m.clicks,
  OUTBOUND_CLICK: (m) => m.outboundClicks,
  TOTAL_COMMENTS: (m) => m.comments,
  TOTAL_REACTIONS: (m) => m.likes,
  VIDEO_MRC_VIEW: (m) => m.views,
  VIDEO_START: (m) => m.views,
  PROFILE_VISIT: (m) => m.profileVisits,
};
const ACCOUNT_METRICS: Record<string, (m: Metrics) => number> = {
  IMPRESSION: (m) => m.impressions,
  ENGAGEMENT: (m) => m.saves + m.clicks + m.outboundClicks + m.likes + m.comments,
  PIN_CLICK: (m) => m.clicks,
  OUTBOUND_CLICK: (m) => m.outboundClicks,
  SAVE: (m) => m.saves,
  VIDEO_MRC_VIEW: (m) => m.views,
  VIDEO_START: (m) => m.views,
  PROFILE_VISIT: (m) => m.profileVisits,
};

function dateRange(params: URLSearchParams): { start: string; end: string } | Reply {
  const start = params.get('start_date') ?? '';
  const end = params.get('end_date') ?? '';
  const re = /^\d{4}-\d{2}-\d{2}$/;
  if (!re.test(start) || !re.test(end)) return invalid('start_date and end_date (YYYY-MM-DD) are required.');
  const days = (Date.parse(end) - Date.parse(start)) / 86_400_000;
  if (!(days >= 0)) return invalid('end_date must not be before start_date.');
  if (days > 90) return invalid('The date range can be at most 90 days.');
  return { start, end };
}

function metricTypes(raw: string | null, allowed: Record<string, unknown>, fallback: string[]): string[] | Reply {
  const names = raw ? raw.split(',').map((s) => s.trim()).filter(Boolean) : fallback;
  const bad = names.find((n) => !(n in allowed));
  return bad ? invalid(`metric_types: ${bad} is not one of ${Object.keys(allowed).join(', ')}`) : names;
}

function mediaStatus(u: UploadRecord): string {
  if (!u.finalized) return 'registered';
  if (u.readyAt === null || Date.now() < u.readyAt) return 'processing';
  return u.error ? 'failed' : 'succeeded';
}

export const pinterestRoutes: Route = async (ctx, req) => {
  const { path, method } = req;
  const state = ctx.store.state;

  // The upload URL POST /v5/media hands out (S3 in the real thing: a multipart form, then 204).
  const s3 = /^\/_upload\/(\d+)$/.exec(path);
  if (s3) {
    if (method !== 'POST') return null;
    const u = state.uploads[s3[1]!];
    const params = await req.params();
    if (!u || u.platform !== 'pinterest' || params.get('key') !== `uploads/${u.id}`) return err(403, 3, 'AccessDenied: the upload parameters do not match this media.');
    const file = params.files.get('file');
    if (!file) return err(400, 1, 'InvalidArgument: the file field is missing.');
    writeFileSync(ctx.store.mediaPath(u.id), file.bytes);
    u.finalized = true;
    u.received = file.bytes.length;
    ctx.store.save();
    const started = Date.now();
    const rejected = u.error === 'rejected';
    background(ctx, 'pinterest video', async () => {
      const info = await probe(file.bytes);
      const current = ctx.store.state.uploads[u.id];
      if (!current) return;
      const refusal = rejected ? { message: 'rejected on request' } : checkVideo(info, rules.media.video);
      current.info = info;
      current.error = refusal ? refusal.message : null;
      current.readyAt = Math.max(Date.now(), started + VIDEO_PROCESSING_MS);
      ctx.store.save();
    });
    return { status: 204, body: null };
  }

  const route = /^\/v5\/(boards|pins|media|user_account)(?:\/(\d+))?(?:\/(pins|analytics))?\/?$/.exec(path);
  if (!route) return null;
  const [, kind, id, sub] = route;
  if (kind === 'user_account' && sub !== 'analytics') return null;
  const params = await req.params();
  const who = authorize(ctx, 'pinterest', req, params);
  if (isReply(who)) return who;
  const body = params.body;
  if (body.__invalid_json) return invalid('the body is not valid JSON.');

  if (kind === 'user_account') {
    const range = dateRange(req.url.searchParams);
    if ('status' in range) return range;
    const names = metricTypes(req.url.searchParams.get('metric_types'), ACCOUNT_METRICS, Object.keys(ACCOUNT_METRICS));
    if (!Array.isArray(names)) return names;
    const posts = postsOf(ctx, 'pinterest', who.accountId);
    const series = Object.fromEntries(names.map((n) => [n, dailySeries(posts, range.start, range.end, ACCOUNT_METRICS[n]!)]));
    const days = series[names[0]!]!.map((d) => d.date);
    return json(200, {
      all: {
        daily_metrics: days.map((date, i) => ({ date, data_status: Date.parse(date) > Date.now() ? 'PROCESSING' : 'READY', metrics: Object.fromEntries(names.map((n) => [n, series[n]![i]!.value])) })),
        summary_metrics: Object.fromEntries(names.map((n) => [n, series[n]!.reduce((s, d) => s + d.value, 0)])),
      },
    });
  }

  if (kind === 'boards') {
    const all = boards(ctx);
    if (!id && method === 'GET') return json(200, { items: all.map((b) => boardBody(ctx, b)), bookmark: null });
    if (!id && method === 'POST') {
      const name = typeof body.name === 'string' ? body.name.trim() : '';
      if (!name) return invalid('name is required.');
      if (name.length > 50) return invalid('name can be at most 50 characters.');
      if (all.some((b) => b.name.toLowerCase() === name.toLowerCase())) return err(409, 58, 'You already have a board with this name.');
      const privacy = String(body.privacy ?? 'PUBLIC');
      if (!['PUBLIC', 'PROTECTED', 'SECRET'].includes(privacy)) return invalid('privacy must be PUBLIC, PROTECTED or SECRET.');
      const board: BoardRecord = { id: numericId(ctx, BOARD_BASE), name, description: typeof body.description === 'string' ? body.description : '', privacy: privacy as BoardRecord['privacy'], createdAt: Date.now() };
      state.boards[board.id] = board;
      ctx.store.save();
      return json(201, boardBody(ctx, board));
    }
    const board = id ? state.boards[id] : undefined;
    if (!board) return err(404, 40, 'Board not found.');
    if (method === 'GET' && sub === 'pins') {
      const pins = postsOf(ctx, 'pinterest').filter((p) => p.extra.board_id === board.id).sort((a, b) => b.createdAt - a.createdAt);
      return json(200, { items: pins.map(pinBody), bookmark: null });
    }
    if (method === 'GET' && !sub) return json(200, boardBody(ctx, board));
    return null;
  }

  if (kind === 'media') {
    if (!id && method === 'POST') {
      const fault = takeFault(ctx, 'pinterest', who);
      if (fault && 'reply' in fault) return fault.reply;
      if (body.media_type !== 'video') return invalid('media_type must be video.');
      const mediaId = numericId(ctx, MEDIA_BASE);
      state.uploads[mediaId] = {
        id: mediaId, platform: 'pinterest', account: who.accountId, declaredType: 'video', category: 'video', totalBytes: null, received: 0, segments: [],
        finalized: false, readyAt: null, info: null, error: fault ? 'rejected' : null, createdAt: Date.now(), expiresAt: Math.floor(Date.now() / 1000) + 86_400,
      };
      ctx.store.save();
      return json(201, {
        media_id: mediaId, media_type: 'video', upload_url: `${ctx.origin}/pinterest/_upload/${mediaId}`,
        upload_parameters: { 'x-amz-date': new Date().toISOString().replace(/[-:]|\.\d{3}/g, ''), 'x-amz-signature': 'devstack', 'x-amz-security-token': 'devstack', 'x-amz-algorithm': 'AWS4-HMAC-SHA256', key: `uploads/${mediaId}`, policy: 'devstack', 'x-amz-credential': 'devstack', 'Content-Type': 'multipart/form-data' },
      });
    }
    const u = id ? state.uploads[id] : undefined;
    if (!u || u.platform !== 'pinterest' || method !== 'GET') return err(404, 4, 'Media not found.');
    return json(200, { media_id: u.id, media_type: 'video', status: mediaStatus(u) });
  }

  // ---- pins ----
  if (!id && method === 'POST') {
    const fault = takeFault(ctx, 'pinterest', who);
    if (fault && 'reply' in fault) return fault.reply;
    const title = typeof body.title === 'string' ? body.title : '';
    const description = typeof body.description === 'string' ? body.description : '';
    const altText = typeof body.alt_text === 'string' ? body.alt_text : null;
    const link = typeof body.link === 'string' ? body.link : null;
    if ([...title].length > rules.text.title!) return invalid(`title can be at most ${rules.text.title} characters.`);
    if ([...description].length > rules.text.description!) return invalid(`description can be at most ${rules.text.description} characters.`);
    if (altText && [...altText].length > rules.text.altText!) return invalid(`alt_text can be at most ${rules.text.altText} characters.`);
    if (link && !/^https?:\/\//.test(link)) return invalid('link must be an http(s) URL.');
    const boardId = String(body.board_id ?? '');
    boards(ctx);
    if (!state.boards[boardId]) return err(404, 40, 'Board not found.');
    const source = (body.media_source ?? {}) as Record<string, unknown>;
    const sourceType = String(source.source_type ?? '');
    let media: PostMedia;
    const extra: Record<string, unknown> = { board_id: boardId, title, link, alt_text: altText };
    if (fault) return err(400, 1, 'Sorry we could not fetch the image.');
    if (sourceType === 'image_url') {
      const url = typeof source.url === 'string' ? source.url : '';
      if (!url) return invalid('media_source.url is required.');
      const got = await fetchAndCheck(url, rules.media, 'image');
      if (!got.ok && 'download' in got) return err(400, 1, 'Sorry we could not fetch the image.');
      if (!got.ok) return err(403, 1, `The Pin's image is too small, too large or is broken: ${got.refusal.message}.`);
      media = { url, kind: 'image', format: got.info.format, width: got.info.width, height: got.info.height };
    } else if (sourceType === 'image_base64') {
      const bytes = Buffer.from(String(source.data ?? ''), 'base64');
      const info = await probe(bytes);
      const refusal = checkImage(info, rules.media.image);
      if (refusal) return err(403, 1, `The Pin's image is too small, too large or is broken: ${refusal.message}.`);
      const key = `pin-${ctx.store.next()}`;
      writeFileSync(ctx.store.mediaPath(key), bytes);
      media = { url: `${ctx.origin}/_devstack/media/${key}`, kind: 'image', format: info.format, width: info.width, height: info.height };
    } else if (sourceType === 'video_id') {
      const u = state.uploads[String(source.media_id ?? '')];
      if (!u || u.platform !== 'pinterest') return invalid('media_source.media_id is not a registered media.');
      const status = mediaStatus(u);
      if (status !== 'succeeded') return invalid(`media_source.media_id is not ready (status ${status}).`);
      if (typeof source.cover_image_url !== 'string' && source.cover_image_key_frame_time === undefined) return invalid('media_source.cover_image_url or cover_image_key_frame_time is required for a video pin.');
      media = { url: `${ctx.origin}/_devstack/media/${u.id}`, kind: 'video', format: u.info!.format, width: u.info!.width, height: u.info!.height };
      extra.cover_image_url = source.cover_image_url ?? null;
      extra.duration = u.info!.duration ? Math.round(u.info!.duration * 1000) : null;
    } else {
      return invalid('media_source.source_type must be image_url, image_base64 or video_id.');
    }
    const pinId = numericId(ctx, PIN_BASE);
    const post = recordPost(ctx, { platform: 'pinterest', account: who.accountId, id: pinId, text: description || title, media: [media], permalink: `https://www.pinterest.com/pin/${pinId}/`, extra: { ...extra, description } });
    return json(201, pinBody(post));
  }
  const post = id ? findPost(ctx, 'pinterest', id) : null;
  if (!post) return err(404, 50, 'Pin not found.');
  if (method === 'DELETE' && !sub) {
    delete state.posts[`pinterest:${post.id}`];
    ctx.store.save();
    return { status: 204, body: null };
  }
  if (method !== 'GET') return null;
  if (!sub) return json(200, pinBody(post));
  if (sub !== 'analytics') return null;
  const range = dateRange(req.url.searchParams);
  if ('status' in range) return range;
  const names = metricTypes(req.url.searchParams.get('metric_types'), PIN_METRICS, []);
  if (!Array.isArray(names)) return names;
  if (names.length === 0) return invalid('metric_types is required.');
  const series = Object.fromEntries(names.map((n) => [n, dailySeries([post], range.start, range.end, PIN_METRICS[n]!)]));
  const days = series[names[0]!]!.map((d) => d.date);
  const lifetime = metricsOf(post);
  return json(200, {
    all: {
      daily_metrics: days.map((date, i) => ({ date, data_status: Date.parse(date) > Date.now() ? 'PROCESSING' : 'READY', metrics: Object.fromEntries(names.map((n) => [n, series[n]![i]!.value])) })),
      lifetime_metrics: Object.fromEntries(names.map((n) => [n, PIN_METRICS[n]!(lifetime)])),
      summary_metrics: Object.fromEntries(names.map((n) => [n, series[n]!.reduce((s, d) => s + d.value, 0)])),
    },
  });
};

