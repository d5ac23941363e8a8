/**
 * Metrics for posts made through the stand-ins: a deterministic function of the post's id and the
 * minutes since it was posted, never decreasing — impressions climb fast for the first hours and
 * level off towards a ceiling set by the id, reach trails impressions, likes are a few per cent of
 * them, and comments, shares, saves and clicks a fraction of likes. The same post always reads the
 * same at the same age, so tests can shift a post's time back and assert growth.
 */
import { createHash } from 'node:crypto';
import type { PostRecord } from './store.js';

export interface Metrics {
  impressions: number;
  reach: number;
  views: number;
  likes: number;
  comments: number;
  shares: number;
  saves: number;
  clicks: number;
  outboundClicks: number;
  profileVisits: number;
  quotes: number;
  bookmarks: number;
}

const ZERO: Metrics = { impressions: 0, reach: 0, views: 0, likes: 0, comments: 0, shares: 0, saves: 0, clicks: 0, outboundClicks: 0, profileVisits: 0, quotes: 0, bookmarks: 0 };

function seedOf(id: string): number {
  return createHash('sha256').update(id).digest().readUInt32BE(0);
}

/** Metrics of post `id` at `minutes` after posting. */
export function metricsAt(id: string, minutes: number): Metrics {
  if (!(minutes > 0)) return { ...ZERO };
  const seed = seedOf(id);
  const ceiling = 800 + (seed % 9200); // 800 … 10 000 impressions in the end
  const halfLife = 60 + ((seed >>> 8) % 120); // minutes
  const impressions = Math.floor(ceiling * (1 - Math.pow(0.5, minutes / halfLife)));
  const likeRate = 0.02 + ((seed >>> 16) % 40) / 1000; // 2 … 6 %
  const likes = Math.floor(impressions * likeRate);
  return {
    impressions,
    reach: Math.floor(impressions * 0.78),
    views: Math.floor(impressions * 1.15),
    likes,
    comments: Math.floor(likes * 0.09),
    shares: Math.floor(likes * 0.06),
    saves: Math.floor(likes * 0.12),
    clicks: Math.floor(impressions * 0.018),
    outboundClicks: Math.floor(impressions * 0.007),
    profileVisits: Math.floor(impressions * 0.011),
    quotes: Math.floor(likes * 0.02),
    bookmarks: Math.floor(likes * 0.05),
  };
}

export const minutesSince = (createdAt: number, at = Date.now()) => (at - createdAt) / 60_000;

export function metricsOf(post: PostRecord, at = Date.now()): Metrics {
  return metricsAt(post.id, minutesSince(post.createdAt, at));
}

/** The sum over an account's posts at a moment (account-level insights). */
export function accountMetricsAt(posts: PostRecord[], at: number): Metrics {
  const total = { ...ZERO };
  for (const post of posts) {
    if (post.createdAt > at) continue;
    const m = metricsOf(post, at);
    for (const key of Object.keys(total) as (keyof Metrics)[]) total[key] += m[key];
  }
  return total;
}

/** Per-day increments between two dates (YYYY-MM-DD, UTC, inclusive) for one metric. */
export function dailySeries(posts: PostRecord[], start: string, end: string, pick: (m: Metrics) => number): { date: string; value: number }[] {
  const out: { date: string; value: number }[] = [];
  const first = Date.parse(`${start}T00:00:00Z`);
  const last = Date.parse(`${end}T00:00:00Z`);
  if (!Number.isFinite(first) || !Number.isFinite(last)) return out;
  const now = Date.now();
  for (let day = first; day <= last && out.length < 400; day += 86_400_000) {
    const from = Math.min(day, now);
    const to = Math.min(day + 86_400_000, now);
    const value = Math.max(0, pick(accountMetricsAt(posts, to)) - pick(accountMetricsAt(posts, from)));
    out.push({ date: new Date(day).toISOString().slice(0, 10), value });
  }
  return out;
}
