import { toCsv } from '@/lib/csv';
import { platformName } from '@/domains/social/platforms';
import type { Report, ReportPost } from './api';

/** YYYY-MM-DD in UTC (the sync's days are UTC days). */
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The last `days` days up to today. */
export function lastDays(days: number, today = new Date()): { from: string; to: string } {
  const to = isoDay(today);
  const from = isoDay(new Date(today.getTime() - (days - 1) * 86_400_000));
  return { from, to };
}

/** Change against the previous period, in whole per cent; null when there was nothing before. */
export function change(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}

/** The posts of the period in the table's order, for spreadsheets. */
export function postsCsv(posts: readonly ReportPost[]): string {
  return toCsv(
    ['Posted at (UTC)', 'Platform', 'Caption', 'Impressions', 'Reach', 'Likes', 'Comments', 'Shares', 'Saves', 'Video views', 'Link'],
    posts.map((p) => [p.posted_at, platformName(p.platform), p.caption, p.impressions, p.reach, p.likes, p.comments, p.shares, p.saves, p.video_views, p.post_url]),
  );
}

/** The daily figures of the range shown. */
export function dailyCsv(report: Report): string {
  return toCsv(
    ['Date', 'Impressions', 'Likes', 'Comments', 'Shares', 'Saves', 'Views'],
    report.daily.map((d) => [d.date, d.impressions, d.likes, d.comments, d.shares, d.saves, d.views]),
  );
}
