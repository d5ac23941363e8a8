// Reading posts' lifetime figures from each platform's insights API (the real hosts, or the
// devstack's stand-ins when SOCIAL_PLATFORMS_URL is set), in one shape:
//
//   instagram  GET /{media-id}/insights?metric=reach,views,likes,comments,shares,saved
//   facebook   GET /{post-id}/insights?metric=post_impressions,post_impressions_unique,post_reactions_like_total,post_video_views
//   twitter    GET /2/tweets?ids=…&tweet.fields=public_metrics (100 a call)
//   tiktok     POST /v2/video/query/?fields=id,like_count,comment_count,share_count,view_count (20 a call)
//   pinterest  GET /v5/pins/{id}/analytics?start_date&end_date&metric_types=IMPRESSION,SAVE,TOTAL_REACTIONS,TOTAL_COMMENTS
//
// A figure the platform does not have is null. A post the platform no longer has is left out.
import type { Platform } from './social-platforms.ts';
import { call, type Json, obj, PublishError } from './social-publish.ts';

export interface PostFigures {
  impressions: number | null;
  reach: number | null;
  likes: number | null;
  comments: number | null;
  shares: number | null;
  saves: number | null;
  video_views: number | null;
}

export interface SyncedPost {
  id: string;
  platform_post_id: string;
  content_type: string;
  posted_at: string;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.floor(v) : null);
const GRAPH = 'v21.0';

/** A platform read (`call`, the publishing client's): a post the platform no longer has is null. */
async function get(platform: Platform, path: string, token: string, init: RequestInit = {}): Promise<Json | null> {
  try {
    return await call(platform, path, { ...init, token });
  } catch (err) {
    if (!(err instanceof PublishError)) throw err;
    if (err.kind === 'rejected' || err.kind === 'bad_media') return null;
    if (err.kind === 'rate_limited') throw new PublishError('rate_limited', 'The platform is limiting requests right now; the figures will update at the next sync.', err.detail);
    throw err;
  }
}

/** Graph insights' `data: [{ name, values: [{ value }] }]` as a name → value map. */
function graphValues(body: Json | null): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const entry of Array.isArray(body?.data) ? body.data.map(obj) : []) out[String(entry.name)] = num(obj((entry.values as unknown[] | undefined)?.[0]).value);
  return out;
}

const chunks = <T,>(list: T[], size: number) => Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, i * size + size));
const isVideo = (p: SyncedPost) => p.content_type === 'video';

export async function fetchFigures(platform: Platform, token: string, posts: SyncedPost[]): Promise<Map<string, PostFigures>> {
  const out = new Map<string, PostFigures>();
  switch (platform) {
    case 'instagram':
      for (const p of posts) {
        const v = graphValues(await get(platform, `/${GRAPH}/${encodeURIComponent(p.platform_post_id)}/insights?metric=reach,views,likes,comments,shares,saved`, token));
        if (Object.keys(v).length) out.set(p.id, { impressions: v.views ?? null, reach: v.reach ?? null, likes: v.likes ?? null, comments: v.comments ?? null, shares: v.shares ?? null, saves: v.saved ?? null, video_views: isVideo(p) ? (v.views ?? null) : null });
      }
      break;
    case 'facebook':
      for (const p of posts) {
        const v = graphValues(await get(platform, `/${GRAPH}/${encodeURIComponent(p.platform_post_id)}/insights?metric=post_impressions,post_impressions_unique,post_reactions_like_total${isVideo(p) ? ',post_video_views' : ''}`, token));
        if (Object.keys(v).length) out.set(p.id, { impressions: v.post_impressions ?? null, reach: v.post_impressions_unique ?? null, likes: v.post_reactions_like_total ?? null, comments: null, shares: null, saves: null, video_views: isVideo(p) ? (v.post_video_views ?? null) : null });
      }
      break;
    case 'twitter':
      for (const group of chunks(posts, 100)) {
        const body = await get(platform, `/2/tweets?ids=${group.map((p) => encodeURIComponent(p.platform_post_id)).join(',')}&tweet.fields=public_metrics`, token);
        const byId = new Map((Array.isArray(body?.data) ? body.data.map(obj) : []).map((t) => [String(t.id), obj(t.public_metrics)]));
        for (const p of group) {
          const m = byId.get(p.platform_post_id);
          if (!m) continue;
          const shares = (num(m.retweet_count) ?? 0) + (num(m.quote_count) ?? 0);
          out.set(p.id, { impressions: num(m.impression_count), reach: null, likes: num(m.like_count), comments: num(m.reply_count), shares, saves: num(m.bookmark_count), video_views: null });
        }
      }
      break;
    case 'tiktok':
      for (const group of chunks(posts, 20)) {
        const body = await get(platform, '/v2/video/query/?fields=id,like_count,comment_count,share_count,view_count', token, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json; charset=UTF-8' },
          body: JSON.stringify({ filters: { video_ids: group.map((p) => p.platform_post_id) } }),
        });
        const byId = new Map((Array.isArray(obj(body?.data).videos) ? (obj(body?.data).videos as unknown[]).map(obj) : []).map((v) => [String(v.id), v]));
        for (const p of group) {
          const v = byId.get(p.platform_post_id);
          if (v) out.set(p.id, { impressions: num(v.view_count), reach: null, likes: num(v.like_count), comments: num(v.comment_count), shares: num(v.share_count), saves: null, video_views: num(v.view_count) });
        }
      }
      break;
    case 'pinterest': {
      const today = new Date().toISOString().slice(0, 10);
      // Pinterest serves the last 90 days.
      const earliest = new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10);
      for (const p of posts) {
        const start = p.posted_at.slice(0, 10) < earliest ? earliest : p.posted_at.slice(0, 10);
        const body = await get(platform, `/v5/pins/${encodeURIComponent(p.platform_post_id)}/analytics?start_date=${start}&end_date=${today}&metric_types=IMPRESSION,SAVE,TOTAL_REACTIONS,TOTAL_COMMENTS`, token);
        const life = obj(obj(body?.all).lifetime_metrics);
        if (body) out.set(p.id, { impressions: num(life.IMPRESSION), reach: null, likes: num(life.TOTAL_REACTIONS), comments: num(life.TOTAL_COMMENTS), shares: null, saves: num(life.SAVE), video_views: null });
      }
      break;
    }
  }
  return out;
}
