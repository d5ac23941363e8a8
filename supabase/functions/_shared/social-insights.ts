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
import { type Platform, url } from './social-platforms.ts';
import { PublishError } from './social-publish.ts';

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

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.floor(v) : null);
const GRAPH = 'v21.0';

async function get(platform: Platform, path: string, token: string, init: RequestInit = {}): Promise<Json | null> {
  let res: Response;
  try {
    res = await fetch(url(platform, 'api', path), { ...init, headers: { Accept: 'application/json', Authorization: `Bearer ${token}`, ...(init.headers ?? {}) }, signal: AbortSignal.timeout(20_000) });
  } catch (err) {
    throw new PublishError('retry_later', 'The platform did not answer. Try again in a moment.', String(err));
  }
  const body = obj(await res.json().catch(() => null));
  if (res.status === 401 || (obj(body.error).code === 190)) throw new PublishError('reconnect', 'Reconnect needed: the platform no longer accepts this connection.', body);
  if (res.status === 429) throw new PublishError('rate_limited', 'The platform is limiting requests right now; the figures will update at the next sync.', body);
  if (res.status >= 500) throw new PublishError('retry_later', 'The platform did not answer. Try again in a moment.', body);
  // A post that is gone (deleted on the platform) is skipped.
  if (!res.ok) return null;
  return body;
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
