/**
 * Facebook Page publishing (graph.facebook.com, any `/vNN.0` prefix), with the Page token from
 * `GET /me/accounts` — a user token is refused with Meta's permissions error (#200):
 *
 *   POST /{page-id}/photos   url (or multipart source), caption|message, published=true|false
 *                            → { id, post_id: "{page-id}_{n}" } · unpublished → { id }
 *   POST /{page-id}/feed     message, link, attached_media[i]={"media_fbid":"…"} → { id }
 *   POST /{page-id}/videos   file_url, description, title → { id } (processed in the background)
 *   GET  /{post-id} · /{photo-id} · /{video-id}       the objects, with `fields`
 *   GET  /{page-id}/feed · /{page-id}/published_posts the Page's posts
 *   GET  /{post-id}/insights?metric=post_impressions,…  lifetime metrics
 *   GET  /{page-id}/insights?metric=page_impressions,…&period=day
 */
import { writeFileSync } from 'node:fs';
import { PUBLISHING } from '../catalog.js';
import { json, type Params } from '../http.js';
import { metricsOf, type Metrics } from '../insights.js';
import { checkImage, fetchAndCheck, probe } from '../media.js';
import { FACEBOOK_PAGE_ID, facebookPageAccount } from '../oauth.js';
import type { FacebookObjectRecord, PostMedia, PostRecord } from '../store.js';
import { authorize, background, fieldsOf, findPost, isReply, isoSeconds, numericId, pick, postsOf, recordPost, stripMetaVersion, takeFault, type PublishContext, type Route } from './common.js';
import { graphError, insightEntry, missingParam, truthy, unsupported, type InsightDef } from './meta.js';

const rules = PUBLISHING.facebook;
const OBJECT_BASE = 120_000_000_000_000n;
const POST_BASE = 1_000_000_000_000_000n;
const VIDEO_PROCESSING_MS = 2000;

const needsPageToken = () =>
  graphError(403, 200, '(#200) If posting to a page, requires both pages_read_engagement and pages_manage_posts as an admin with sufficient administrative permission');
const invalidImage = (detail: string) => graphError(400, 324, '(#324) Missing or invalid image file', { userMessage: detail });

const POST_INSIGHTS: Record<string, InsightDef & { value: (m: Metrics) => number | Record<string, number> }> = {
  post_impressions: { title: 'Lifetime Post Total Impressions', description: 'Lifetime: The number of times your Page\'s post entered a person\'s screen.', value: (m) => m.impressions },
  post_impressions_unique: { title: 'Lifetime Post Total Reach', description: 'Lifetime: The number of people who had your Page\'s post enter their screen.', value: (m) => m.reach },
  post_impressions_organic: { title: 'Lifetime Post Organic Impressions', description: 'Lifetime: The number of times your Page\'s posts entered a person\'s screen through unpaid distribution.', value: (m) => m.impressions },
  post_impressions_organic_unique: { title: 'Lifetime Post organic reach', description: 'Lifetime: The number of people who had your Page\'s post enter their screen through unpaid distribution.', value: (m) => m.reach },
  post_impressions_paid: { title: 'Lifetime Post Paid Impressions', description: 'Lifetime: The number of times your Page\'s post entered a person\'s screen through paid distribution.', value: () => 0 },
  post_reactions_like_total: { title: 'Lifetime Total Like Reactions of a post.', description: 'Lifetime: Total like reactions of a post.', value: (m) => m.likes },
  post_reactions_by_type_total: { title: 'Lifetime Total post Reactions by Type.', description: 'Lifetime: Total post reactions by type.', value: (m) => ({ like: m.likes, love: Math.floor(m.likes * 0.2), wow: Math.floor(m.likes * 0.03), haha: Math.floor(m.likes * 0.02) }) },
  post_clicks: { title: 'Lifetime Matched Audience Targeting Consumptions on Post', description: 'Lifetime: The number of times people clicked on anywhere in your posts without generating a story.', value: (m) => m.clicks },
  post_engaged_users: { title: 'Lifetime Engaged Users', description: 'Lifetime: The number of unique people who engaged in certain ways with your Page post.', value: (m) => m.likes + m.comments + m.shares },
  post_video_views: { title: 'Lifetime Total Video Views', description: 'Lifetime: Total number of times your video was viewed for 3 seconds or more.', value: (m) => m.views },
};
const PAGE_INSIGHTS: Record<string, InsightDef & { value: (m: Metrics) => number }> = {
  page_impressions: { title: 'Daily Total Impressions', description: 'Daily: The number of times any content from your Page entered a person\'s screen.', value: (m) => m.impressions },
  page_impressions_unique: { title: 'Daily Total Reach', description: 'Daily: The number of people who had any content from your Page enter their screen.', value: (m) => m.reach },
  page_post_engagements: { title: 'Daily Post Engagements', description: 'Daily: The number of times people have engaged with your posts through reactions, comments, shares and more.', value: (m) => m.likes + m.comments + m.shares + m.clicks },
  page_actions_post_reactions_like_total: { title: 'Daily total post like reactions of a page.', description: 'Daily: total post like reactions of a page.', value: (m) => m.likes },
};

function postBody(post: PostRecord): Record<string, unknown> {
  const first = post.media[0];
  return {
    id: post.id,
    message: post.text || undefined,
    created_time: isoSeconds(post.createdAt),
    permalink_url: post.permalink,
    full_picture: first?.kind === 'image' ? first.url : undefined,
    is_published: true,
    status_type: first?.kind === 'video' ? 'added_video' : first ? 'added_photos' : 'mobile_status_update',
    attachments: first ? { data: post.media.map((m) => ({ media_type: m.kind === 'video' ? 'video' : 'photo', media: { image: { src: m.url, width: m.width, height: m.height } }, type: m.kind === 'video' ? 'video_inline' : 'photo' })) } : undefined,
  };
}

function objectBody(o: FacebookObjectRecord): Record<string, unknown> {
  if (o.kind === 'photo') {
    return { id: o.id, created_time: isoSeconds(o.createdAt), name: o.caption || undefined, images: o.media ? [{ height: o.media.height, width: o.media.width, source: o.media.url }] : [], link: `https://www.facebook.com/photo.php?fbid=${o.id}`, page_story_id: o.postId ?? undefined };
  }
  const status = o.readyAt === null || Date.now() < o.readyAt ? 'processing' : o.error ? 'error' : 'ready';
  return { id: o.id, created_time: isoSeconds(o.createdAt), description: o.caption, title: o.title || undefined, permalink_url: `/${FACEBOOK_PAGE_ID}/videos/${o.id}/`, source: status === 'ready' ? o.media?.url : undefined, status: { video_status: status, ...(o.error ? { processing_phase: { status: 'error', errors: [{ code: 1363008, message: o.error }] } } : {}) }, post_id: o.postId ?? undefined };
}

function newPost(ctx: PublishContext, page: string, text: string, media: PostMedia[], extra: Record<string, unknown>): PostRecord {
  const n = numericId(ctx, POST_BASE);
  return recordPost(ctx, { platform: 'facebook', account: page, id: `${page}_${n}`, text, media, permalink: `https://www.facebook.com/${page}/posts/${n}`, extra });
}

/** Meta's form encoding of `attached_media[0]={"media_fbid":"…"}`, or a JSON array. */
function attachedMedia(params: Params): string[] | null {
  const ids: string[] = [];
  const fromJson = params.body.attached_media;
  if (Array.isArray(fromJson)) {
    for (const item of fromJson) ids.push(String((item as { media_fbid?: unknown }).media_fbid ?? ''));
    return ids;
  }
  const whole = params.get('attached_media');
  if (whole) {
    try {
      return (JSON.parse(whole) as { media_fbid: string }[]).map((x) => String(x.media_fbid));
    } catch {
      return null;
    }
  }
  for (let i = 0; i < 100; i++) {
    const raw = params.get(`attached_media[${i}]`);
    if (raw === null) break;
    try {
      ids.push(String((JSON.parse(raw) as { media_fbid?: unknown }).media_fbid ?? ''));
    } catch {
      return null;
    }
  }
  return ids;
}

export const facebookRoutes: Route = async (ctx, req) => {
  const path = stripMetaVersion(req.path);
  const m = /^\/(\d+(?:_\d+)?|me)(?:\/([a-z_]+))?\/?$/.exec(path);
  if (!m) return null;
  const [, rawId = '', edge] = m;
  const state = ctx.store.state;
  const params = await req.params();
  const who = authorize(ctx, 'facebook', req, params);
  if (isReply(who)) return who;
  const pageToken = who.accountId === facebookPageAccount();
  // With a Page token, `me` is the Page.
  const id = rawId === 'me' ? (pageToken ? FACEBOOK_PAGE_ID : who.accountId) : rawId;
  const isPage = id === FACEBOOK_PAGE_ID;

  if (req.method === 'POST' && (edge === 'photos' || edge === 'feed' || edge === 'videos')) {
    if (!isPage) return unsupported(id, 'post');
    if (!pageToken) return needsPageToken();
    const fault = takeFault(ctx, 'facebook', who);
    if (fault && 'reply' in fault) return fault.reply;
    const message = params.get('message') ?? params.get('caption') ?? '';
    if (message.length > rules.text.message!) return graphError(400, 100, '(#100) The message is too long.');
    const published = params.get('published') === null ? true : truthy(params.get('published'));

    if (edge === 'photos') {
      if (fault) return invalidImage('rejected on request (/_devstack/fail)');
      const photoId = numericId(ctx, OBJECT_BASE);
      let media: PostMedia;
      const upload = params.files.get('source');
      const url = params.get('url');
      if (upload) {
        const info = await probe(upload.bytes);
        const refusal = checkImage(info, rules.media.image);
        if (refusal) return invalidImage(refusal.message);
        writeFileSync(ctx.store.mediaPath(photoId), upload.bytes);
        media = { url: `${ctx.origin}/_devstack/media/${photoId}`, kind: 'image', format: info.format, width: info.width, height: info.height };
      } else if (url) {
        const got = await fetchAndCheck(url, rules.media, 'image');
        if (!got.ok && 'download' in got) return invalidImage(`The image could not be downloaded: ${got.download.detail}`);
        if (!got.ok) return invalidImage(got.refusal.message);
        media = { url, kind: 'image', format: got.info.format, width: got.info.width, height: got.info.height };
      } else {
        return invalidImage('Requires a url or a source file.');
      }
      const photo: FacebookObjectRecord = { id: photoId, kind: 'photo', page: id, media, caption: message, title: '', published, postId: null, readyAt: Date.now(), error: null, createdAt: Date.now() };
      state.facebook[photoId] = photo;
      if (!published) {
        ctx.store.save();
        return json(200, { id: photoId });
      }
      photo.postId = newPost(ctx, id, message, [media], { photo_ids: [photoId] }).id;
      ctx.store.save();
      return json(200, { id: photoId, post_id: photo.postId });
    }

    if (edge === 'feed') {
      const ids = attachedMedia(params);
      if (ids === null) return graphError(400, 100, '(#100) param attached_media must be an array of objects with media_fbid');
      const media: PostMedia[] = [];
      for (const [i, mediaId] of ids.entries()) {
        const photo = state.facebook[mediaId];
        if (!photo || photo.page !== id || photo.kind !== 'photo' || !photo.media) return graphError(400, 100, `(#100) param attached_media[${i}] has an invalid media_fbid: ${mediaId}`);
        if (photo.postId) return graphError(400, 100, `(#100) The photo ${mediaId} is already published and cannot be attached again.`);
        media.push(photo.media);
      }
      const link = params.get('link');
      if (!message && media.length === 0 && !link) return graphError(400, 100, '(#100) Missing message or attachment');
      const post = newPost(ctx, id, message, media, { photo_ids: ids, link });
      for (const mediaId of ids) state.facebook[mediaId]!.postId = post.id;
      ctx.store.save();
      return json(200, { id: post.id });
    }

    // videos: Facebook answers at once and fetches and processes the file afterwards.
    const fileUrl = params.get('file_url');
    if (!fileUrl && !params.files.get('source')) return missingParam('file_url');
    const videoId = numericId(ctx, OBJECT_BASE);
    const description = params.get('description') ?? message;
    const video: FacebookObjectRecord = { id: videoId, kind: 'video', page: id, media: null, caption: description, title: params.get('title') ?? '', published, postId: null, readyAt: null, error: null, createdAt: Date.now() };
    state.facebook[videoId] = video;
    ctx.store.save();
    const started = Date.now();
    const source = params.files.get('source');
    background(ctx, 'facebook video', async () => {
      const v = ctx.store.state.facebook[videoId];
      if (!v) return;
      if (fault) v.error = 'The video file you selected is in a format that we don\'t support.';
      else if (source) {
        const info = await probe(source.bytes);
        const refusal = info.kind === 'video' && rules.media.video.formats.includes(info.format) ? null : 'The video file you selected is in a format that we don\'t support.';
        if (refusal) v.error = refusal;
        else {
          writeFileSync(ctx.store.mediaPath(videoId), source.bytes);
          v.media = { url: `${ctx.origin}/_devstack/media/${videoId}`, kind: 'video', format: info.format, width: info.width, height: info.height };
        }
      } else {
        const got = await fetchAndCheck(fileUrl!, rules.media, 'video');
        if (!got.ok && 'download' in got) v.error = `The video could not be fetched from file_url (${got.download.detail}).`;
        else if (!got.ok) v.error = `The video file you selected is in a format that we don't support (${got.refusal.message}).`;
        else v.media = { url: fileUrl!, kind: 'video', format: got.info.format, width: got.info.width, height: got.info.height };
      }
      v.readyAt = Math.max(Date.now(), started + VIDEO_PROCESSING_MS);
      if (v.media && v.published) v.postId = newPost(ctx, id, description, [v.media], { video_id: videoId, title: v.title }).id;
      ctx.store.save();
    });
    return json(200, { id: videoId });
  }

  if (req.method !== 'GET') return null;
  const fields = fieldsOf(req);

  if (isPage && (edge === 'feed' || edge === 'posts' || edge === 'published_posts')) {
    const posts = postsOf(ctx, 'facebook', id).sort((a, b) => b.createdAt - a.createdAt);
    return json(200, { data: posts.map((p) => pick(postBody(p), fields ?? new Set(['id', 'message', 'created_time']))), paging: { cursors: { before: 'a', after: 'a' } } });
  }
  if (isPage && edge === 'insights') {
    const names = (params.get('metric') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    if (names.length === 0) return missingParam('metric');
    const bad = names.find((n) => !(n in PAGE_INSIGHTS));
    if (bad) return graphError(400, 100, '(#100) The value must be a valid insights metric');
    const period = params.get('period') ?? 'day';
    const until = Number(params.get('until') ?? '') * 1000 || Date.now();
    const since = Number(params.get('since') ?? '') * 1000 || until - 86_400_000;
    const posts = postsOf(ctx, 'facebook', id);
    const total = (at: number, name: string) => posts.filter((p) => p.createdAt <= at).reduce((s, p) => s + PAGE_INSIGHTS[name]!.value(metricsOf(p, at)), 0);
    return json(200, {
      data: names.map((name) => {
        const def = PAGE_INSIGHTS[name]!;
        const values: { value: number; end_time: string }[] = [];
        for (let end = since + 86_400_000; end <= until + 86_400_000 - 1 && values.length < 93; end += 86_400_000) {
          const to = Math.min(end, until);
          values.push({ value: Math.max(0, total(to, name) - total(to - 86_400_000, name)), end_time: isoSeconds(end) });
        }
        return { name, period, values, title: def.title, description: def.description, id: `${id}/insights/${name}/${period}` };
      }),
      paging: { previous: '', next: '' },
    });
  }
  if (isPage && !edge) return json(200, pick({ id, name: 'Shotcraft Demo Shop', category: 'Shopping & retail', fan_count: 860, followers_count: 860, link: `https://www.facebook.com/${id}` }, fields));

  const post = findPost(ctx, 'facebook', id);
  if (edge === 'insights') {
    if (!post) return unsupported(id);
    const names = (params.get('metric') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    if (names.length === 0) return missingParam('metric');
    if (names.some((n) => !(n in POST_INSIGHTS))) return graphError(400, 100, '(#100) The value must be a valid insights metric');
    const metrics = metricsOf(post);
    return json(200, { data: names.map((name) => insightEntry(id, name, 'lifetime', POST_INSIGHTS[name]!, POST_INSIGHTS[name]!.value(metrics) as number)), paging: { previous: '', next: '' } });
  }
  if (edge) return null;
  if (post) return json(200, pick(postBody(post), fields ?? new Set(['id', 'message', 'created_time'])));
  const object = state.facebook[id];
  if (object) return json(200, pick(objectBody(object), fields));
  return unsupported(id);
};

