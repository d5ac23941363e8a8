/**
 * Instagram content publishing (graph.instagram.com / graph.facebook.com, any `/vNN.0` prefix):
 *
 *   POST /{ig-user-id}/media               image_url | video_url + media_type=REELS|STORIES |
 *                                          is_carousel_item | media_type=CAROUSEL + children, caption
 *                                          → { id } (a container)
 *   GET  /{container-id}?fields=status_code,status
 *                                          → { status_code: IN_PROGRESS|FINISHED|ERROR|EXPIRED|PUBLISHED, status, id }
 *   POST /{ig-user-id}/media_publish       creation_id → { id } (the media)
 *   GET  /{ig-user-id}/content_publishing_limit → { data: [{ quota_usage, config }] }
 *   GET  /{media-id}?fields=…              the published media
 *   GET  /{ig-user-id}/media               the account's media
 *   GET  /{media-id}/insights?metric=…     lifetime metrics
 *   GET  /{ig-user-id}/insights?metric=…&period=day[&metric_type=total_value][&since&until]
 *
 * Images are downloaded and checked when the container is made (JPEG, ≤ 8 MiB, aspect 4:5 … 1.91:1
 * for the feed) and the container stays IN_PROGRESS for about a second; videos are downloaded and
 * probed in the background and the container finishes (or fails) about two seconds later.
 */
import { INSTAGRAM_PUBLISH_LIMIT, PLATFORMS, PUBLISHING } from '../catalog.js';
import { json, type Reply } from '../http.js';
import { metricsOf, type Metrics } from '../insights.js';
import { fetchAndCheck, type Refusal } from '../media.js';
import type { ContainerRecord, PostMedia, PostRecord } from '../store.js';
import { authorize, background, fieldsOf, findPost, isReply, isoSeconds, numericId, pick, postsOf, recordPost, stripMetaVersion, takeFault, type Route } from './common.js';
import { graphError, insightEntry, missingParam, truthy, unsupported, type InsightDef } from './meta.js';

const spec = PLATFORMS.instagram;
const rules = PUBLISHING.instagram;
const CONTAINER_BASE = 17_890_000_000_000_000n;
const MEDIA_BASE = 17_900_000_000_000_000n;
const IMAGE_PROCESSING_MS = 1000;
const VIDEO_PROCESSING_MS = 2000;
const CONTAINER_TTL_MS = 24 * 3600 * 1000;

const downloadFailed = () => graphError(400, 9004, 'Only photo or video can be accepted as media type.', { subcode: 2207052, title: 'Media download has failed.', userMessage: 'The media could not be fetched from this URI. Please make sure the URI is valid and publicly reachable.' });
const downloadTimeout = () => graphError(400, -2, 'It takes too long to download the media.', { subcode: 2207003, transient: true, title: 'Timeout', userMessage: 'It takes too long to download the media.' });

function imageRefusal(refusal: Refusal): Reply {
  switch (refusal.reason) {
    case 'size':
      return graphError(400, 36000, 'The image size is too large.', { subcode: 2207004, title: 'Image size too large', userMessage: 'The image is too large to download. It should be less than 8 MiB.' });
    case 'aspect':
      return graphError(400, 36003, 'The aspect ratio is not supported.', { subcode: 2207009, title: 'Cannot publish aspect ratio', userMessage: 'The submitted image with aspect ratio is not supported. Please use an image with aspect ratio between 4:5 and 1.91:1.' });
    default:
      return graphError(400, 36001, 'The image format is not supported.', { subcode: 2207005, title: 'Unsupported image format', userMessage: `The image format is not supported (${refusal.message}). JPEG is the only format supported.` });
  }
}

const STATUS_TEXT = {
  IN_PROGRESS: 'In Progress: Media is still being processed.',
  FINISHED: 'Finished: Media has been uploaded and it is ready to be published.',
  PUBLISHED: 'Published: Media has been successfully published.',
  EXPIRED: 'Expired: Media was not published within 24 hours.',
} as const;

function containerStatus(c: ContainerRecord, now = Date.now()): { status_code: string; status: string } {
  if (c.publishedAs) return { status_code: 'PUBLISHED', status: STATUS_TEXT.PUBLISHED };
  if (now - c.createdAt > CONTAINER_TTL_MS) return { status_code: 'EXPIRED', status: STATUS_TEXT.EXPIRED };
  if (c.readyAt === null || now < c.readyAt) return { status_code: 'IN_PROGRESS', status: STATUS_TEXT.IN_PROGRESS };
  if (c.error) return { status_code: 'ERROR', status: `Error: ${c.error}` };
  return { status_code: 'FINISHED', status: STATUS_TEXT.FINISHED };
}

const MEDIA_INSIGHTS: Record<string, InsightDef & { value: (m: Metrics) => number }> = {
  reach: { title: 'Accounts reached', description: 'The number of unique accounts that have seen your post at least once.', value: (m) => m.reach },
  views: { title: 'Views', description: 'The number of times your post was played or displayed.', value: (m) => m.views },
  likes: { title: 'Likes', description: 'The number of likes on your post.', value: (m) => m.likes },
  comments: { title: 'Comments', description: 'The number of comments on your post.', value: (m) => m.comments },
  shares: { title: 'Shares', description: 'The number of shares of your post.', value: (m) => m.shares },
  saved: { title: 'Saves', description: 'The number of saves of your post.', value: (m) => m.saves },
  total_interactions: { title: 'Interactions', description: 'Likes, saves, comments and shares, minus unlikes, unsaves and deleted comments.', value: (m) => m.likes + m.saves + m.comments + m.shares },
  profile_visits: { title: 'Profile visits', description: 'The number of times your profile was visited.', value: (m) => m.profileVisits },
  follows: { title: 'Follows', description: 'The number of accounts that started following you.', value: (m) => Math.floor(m.profileVisits * 0.1) },
};
const ACCOUNT_INSIGHTS: Record<string, InsightDef & { value: (m: Metrics) => number }> = {
  reach: MEDIA_INSIGHTS.reach!,
  views: MEDIA_INSIGHTS.views!,
  likes: MEDIA_INSIGHTS.likes!,
  comments: MEDIA_INSIGHTS.comments!,
  shares: MEDIA_INSIGHTS.shares!,
  saves: { ...MEDIA_INSIGHTS.saved!, value: (m) => m.saves },
  total_interactions: MEDIA_INSIGHTS.total_interactions!,
  accounts_engaged: { title: 'Accounts engaged', description: 'The number of accounts that have interacted with your content.', value: (m) => Math.floor((m.likes + m.comments) * 0.8) },
  profile_views: { title: 'Profile views', description: 'The number of times your profile was visited.', value: (m) => m.profileVisits },
  website_clicks: { title: 'Website clicks', description: 'The number of times the link in your profile was tapped.', value: (m) => m.outboundClicks },
};

function metricList(raw: string | null, allowed: Record<string, unknown>): string[] | Reply {
  const names = (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (names.length === 0) return missingParam('metric');
  for (const [i, name] of names.entries()) {
    if (!(name in allowed)) return graphError(400, 100, `(#100) metric[${i}] must be one of the following values: ${Object.keys(allowed).join(', ')}`);
  }
  return names;
}

export const instagramRoutes: Route = async (ctx, req) => {
  const path = stripMetaVersion(req.path);
  const m = /^\/(\d+|me)(?:\/([a-z_]+))?\/?$/.exec(path);
  if (!m) return null;
  const [, rawId = '', edge] = m;
  const state = ctx.store.state;
  const params = await req.params();
  const who = authorize(ctx, 'instagram', req, params);
  if (isReply(who)) return who;
  // `me` is the token's own account (Instagram Login).
  const id = rawId === 'me' ? who.accountId : rawId;
  const own = id === spec.demo.id || id === who.accountId;

  // ---- containers ----
  if (req.method === 'POST' && edge === 'media') {
    if (!own) return unsupported(id, 'post');
    const fault = takeFault(ctx, 'instagram', who);
    if (fault && 'reply' in fault) return fault.reply;
    const caption = params.get('caption') ?? '';
    if ([...caption].length > rules.text.caption!) return graphError(400, 100, 'The caption is too long.', { subcode: 2207010, title: 'Caption too long', userMessage: `The caption can have at most ${rules.text.caption} characters.` });
    if ((caption.match(/#[\p{L}\p{N}_]+/gu) ?? []).length > rules.text.hashtags!) return graphError(400, 100, 'The caption has too many hashtags.', { subcode: 2207010 });
    const mediaType = (params.get('media_type') ?? 'IMAGE').toUpperCase();
    const carouselItem = truthy(params.get('is_carousel_item'));
    const container: ContainerRecord = {
      id: numericId(ctx, CONTAINER_BASE), account: id, mediaType: 'IMAGE', caption, isCarouselItem: carouselItem,
      children: [], media: null, readyAt: null, error: null, publishedAs: null, createdAt: Date.now(),
    };
    if (mediaType === 'CAROUSEL') {
      const rawChildren = params.get('children') ?? '';
      const children = rawChildren.startsWith('[') ? (JSON.parse(rawChildren) as string[]).map(String) : rawChildren.split(',').map((s) => s.trim()).filter(Boolean);
      if (children.length < 2 || children.length > 10) return graphError(400, 100, '(#100) The carousel must have between 2 and 10 children.', { subcode: 2207036 });
      for (const childId of children) {
        const child = state.containers[childId];
        if (!child || child.account !== id || !child.isCarouselItem) return graphError(400, 100, `(#100) Param children[${children.indexOf(childId)}] must be a valid carousel item container.`);
        if (containerStatus(child).status_code !== 'FINISHED') return graphError(400, 9007, 'Media ID is not available', { subcode: 2207027, title: 'Media not ready for publishing', userMessage: 'The media is not ready for publishing, please wait for a moment.' });
      }
      Object.assign(container, { mediaType: 'CAROUSEL', children, readyAt: Date.now() + IMAGE_PROCESSING_MS });
      state.containers[container.id] = container;
      ctx.store.save();
      return json(200, { id: container.id });
    }
    const imageUrl = params.get('image_url');
    const videoUrl = params.get('video_url');
    if (mediaType === 'REELS' || mediaType === 'VIDEO' || (mediaType === 'STORIES' && videoUrl) || (carouselItem && videoUrl)) {
      if (!videoUrl) return missingParam('video_url');
      container.mediaType = mediaType === 'STORIES' ? 'STORIES' : carouselItem ? 'VIDEO' : 'REELS';
      state.containers[container.id] = container;
      ctx.store.save();
      // Instagram fetches and transcodes videos after answering: the status tells how it went.
      const started = Date.now();
      background(ctx, 'instagram video', async () => {
        const got = fault ? null : await fetchAndCheck(videoUrl, rules.media, 'video');
        const c = ctx.store.state.containers[container.id];
        if (!c) return;
        if (!got) c.error = 'The video format is not supported. Please check spec for supported video format. (2207026)';
        else if (!got.ok && 'download' in got) c.error = got.download.reason === 'timeout' ? 'It takes too long to download the media. (2207003)' : 'Media download has failed. The media could not be fetched from this URI. (2207052)';
        else if (!got.ok) c.error = `The video format is not supported. Please check spec for supported video format: ${got.refusal.message}. (2207026)`;
        else c.media = { url: videoUrl, kind: 'video', format: got.info.format, width: got.info.width, height: got.info.height };
        c.readyAt = Math.max(Date.now(), started + VIDEO_PROCESSING_MS);
        ctx.store.save();
      });
      return json(200, { id: container.id });
    }
    if (!imageUrl) return missingParam('image_url');
    if (fault) return imageRefusal({ reason: 'format', message: 'rejected on request (/_devstack/fail)' });
    const rule = mediaType === 'STORIES' ? { ...rules.media.image, minAspect: undefined, maxAspect: undefined } : rules.media.image;
    const got = await fetchAndCheck(imageUrl, { ...rules.media, image: rule }, 'image');
    if (!got.ok && 'download' in got) return got.download.reason === 'timeout' ? downloadTimeout() : downloadFailed();
    if (!got.ok) return imageRefusal(got.refusal);
    container.mediaType = mediaType === 'STORIES' ? 'STORIES' : 'IMAGE';
    container.media = { url: imageUrl, kind: 'image', format: got.info.format, width: got.info.width, height: got.info.height };
    container.readyAt = Date.now() + IMAGE_PROCESSING_MS;
    state.containers[container.id] = container;
    ctx.store.save();
    return json(200, { id: container.id });
  }

  if (req.method === 'POST' && edge === 'media_publish') {
    if (!own) return unsupported(id, 'post');
    const fault = takeFault(ctx, 'instagram', who);
    if (fault && 'reply' in fault) return fault.reply;
    const creationId = params.get('creation_id');
    if (!creationId) return missingParam('creation_id');
    const container = state.containers[creationId];
    if (!container || container.account !== id || container.isCarouselItem) return unsupported(creationId);
    const status = containerStatus(container).status_code;
    if (status === 'PUBLISHED') return graphError(400, 100, 'Unsupported post request. The container has already been published.', { subcode: 33, userMessage: `The media container ${creationId} was already published as ${container.publishedAs}.` });
    if (status === 'EXPIRED') return graphError(400, -2, 'The media you are trying to access has expired. Please try to upload again.', { subcode: 2207020 });
    if (status !== 'FINISHED') return graphError(400, 9007, 'Media ID is not available', { subcode: 2207027, title: 'Media not ready for publishing', userMessage: 'The media is not ready for publishing, please wait for a moment.' });
    const since = Date.now() - INSTAGRAM_PUBLISH_LIMIT.quota_duration * 1000;
    if (postsOf(ctx, 'instagram', id).filter((p) => p.createdAt > since && p.grant === who.grant).length >= INSTAGRAM_PUBLISH_LIMIT.quota_total) {
      return graphError(400, 9, 'Application request limit reached', { subcode: 2207042, title: 'Max posts reached', userMessage: 'You reached maximum number of posts that is allowed to be published by Content Publishing API.' });
    }
    const media: PostMedia[] = container.mediaType === 'CAROUSEL' ? container.children.map((c) => state.containers[c]?.media).filter((x): x is PostMedia => !!x) : container.media ? [container.media] : [];
    const mediaId = numericId(ctx, MEDIA_BASE);
    const shortcode = Buffer.from(mediaId).toString('base64url').slice(0, 11);
    container.publishedAs = mediaId;
    recordPost(ctx, {
      platform: 'instagram', account: id, id: mediaId, text: container.caption, media, grant: who.grant,
      permalink: `https://www.instagram.com/${container.mediaType === 'REELS' ? 'reel' : 'p'}/${shortcode}/`,
      extra: {
        media_type: container.mediaType === 'CAROUSEL' ? 'CAROUSEL_ALBUM' : media[0]?.kind === 'video' ? 'VIDEO' : 'IMAGE',
        media_product_type: container.mediaType === 'REELS' ? 'REELS' : container.mediaType === 'STORIES' ? 'STORY' : 'FEED',
        shortcode, children: container.children,
      },
    });
    return json(200, { id: mediaId });
  }

  if (req.method !== 'GET') return null;

  if (edge === 'content_publishing_limit') {
    if (!own) return unsupported(id);
    const since = Date.now() - INSTAGRAM_PUBLISH_LIMIT.quota_duration * 1000;
    // Every local user connects the same demo account: the quota is counted per connection.
    const usage = postsOf(ctx, 'instagram', id).filter((p) => p.createdAt > since && p.grant === who.grant).length;
    const fields = fieldsOf(req);
    const row: Record<string, unknown> = { quota_usage: usage };
    if (!fields || fields.has('config')) row.config = { ...INSTAGRAM_PUBLISH_LIMIT };
    return json(200, { data: [row] });
  }

  if (edge === 'insights' && own) {
    const names = metricList(params.get('metric'), ACCOUNT_INSIGHTS);
    if (!Array.isArray(names)) return names;
    const period = params.get('period') ?? 'day';
    const until = Number(params.get('until') ?? '') * 1000 || Date.now();
    const since = Number(params.get('since') ?? '') * 1000 || until - 86_400_000;
    const posts = postsOf(ctx, 'instagram', id);
    const total = (at: number, metric: string) => posts.filter((p) => p.createdAt <= at).reduce((sum, p) => sum + ACCOUNT_INSIGHTS[metric]!.value(metricsOf(p, at)), 0);
    const data = names.map((name) => {
      const def = ACCOUNT_INSIGHTS[name]!;
      const base = { name, period, title: def.title, description: def.description, id: `${id}/insights/${name}/${period}` };
      if (params.get('metric_type') === 'total_value') return { ...base, total_value: { value: Math.max(0, total(until, name) - total(since, name)) } };
      const values: { value: number; end_time: string }[] = [];
      for (let end = since + 86_400_000; end <= until + 86_400_000 - 1 && values.length < 93; end += 86_400_000) {
        const to = Math.min(end, until);
        values.push({ value: Math.max(0, total(to, name) - total(to - 86_400_000, name)), end_time: isoSeconds(end) });
      }
      return { ...base, values };
    });
    return json(200, { data, paging: { previous: '', next: '' } });
  }

  if (edge === 'media' && own) {
    const posts = postsOf(ctx, 'instagram', id).sort((a, b) => b.createdAt - a.createdAt);
    const fields = fieldsOf(req);
    return json(200, { data: posts.map((p) => pick(mediaBody(p), fields)), paging: { cursors: { before: 'a', after: 'a' } } });
  }

  const post = findPost(ctx, 'instagram', id);
  if (edge === 'insights') {
    if (!post) return unsupported(id);
    const names = metricList(params.get('metric'), MEDIA_INSIGHTS);
    if (!Array.isArray(names)) return names;
    const metrics = metricsOf(post);
    return json(200, { data: names.map((name) => insightEntry(id, name, 'lifetime', MEDIA_INSIGHTS[name]!, MEDIA_INSIGHTS[name]!.value(metrics))) });
  }
  if (edge === 'children' && post) {
    return json(200, { data: (post.extra.children as string[]).map((c) => ({ id: c })) });
  }
  if (edge) return null;

  const container = state.containers[id];
  if (container && container.account === who.accountId) {
    const body = { ...containerStatus(container), id: container.id };
    const fields = fieldsOf(req);
    return json(200, fields ? pick(body, fields) : { id: container.id });
  }
  if (post) return json(200, pick(mediaBody(post), fieldsOf(req) ?? new Set(['id'])));
  return unsupported(id);
};

function mediaBody(post: PostRecord): Record<string, unknown> {
  const m = metricsOf(post);
  const first = post.media[0];
  return {
    id: post.id,
    caption: post.text,
    media_type: post.extra.media_type,
    media_product_type: post.extra.media_product_type,
    media_url: first?.url,
    ...(first?.kind === 'video' ? { thumbnail_url: first.url } : {}),
    permalink: post.permalink,
    shortcode: post.extra.shortcode,
    timestamp: isoSeconds(post.createdAt),
    username: spec.demo.username,
    like_count: m.likes,
    comments_count: m.comments,
    is_comment_enabled: true,
  };
}

