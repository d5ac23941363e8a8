import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { handleError } from '@/lib/errors';
import { invokeFunction } from '@/lib/invoke-function';
import type { SocialPlatform } from '@/lib/social/platforms';
import { supabase } from '@/lib/supabase';

export const METRICS = ['impressions', 'likes', 'comments', 'shares', 'saves', 'views'] as const;
export type Metric = (typeof METRICS)[number];

export interface ReportPost {
  post_id: string;
  platform: SocialPlatform;
  caption: string;
  posted_at: string;
  post_url: string | null;
  content_id: string | null;
  impressions: number | null;
  reach: number | null;
  likes: number | null;
  comments: number | null;
  shares: number | null;
  saves: number | null;
  video_views: number | null;
  synced_at: string;
}

export interface Report {
  from: string;
  to: string;
  allowed: boolean;
  totals: Record<Metric | 'reach', number>;
  previous: Record<Metric | 'reach', number>;
  daily: ({ date: string } & Record<Metric, number>)[];
  posts: ReportPost[];
  accounts: { id: string; platform: SocialPlatform; username: string; is_active: boolean; synced_at: string | null; error: string | null }[];
}

export interface Range {
  from: string;
  to: string;
}

export const analyticsKeys = { all: ['social-analytics'] as const, report: (range: Range, platform: SocialPlatform | null) => ['social-analytics', range.from, range.to, platform ?? 'all'] as const };

/** The page's data in one call (social_analytics_report; RLS keeps it the caller's and Pro+). */
async function getReport(range: Range, platform: SocialPlatform | null): Promise<Report> {
  const { data, error } = await supabase().rpc('social_analytics_report', { p_from: range.from, p_to: range.to, p_platform: platform ?? undefined });
  if (error) handleError(error, 'Could not load your analytics. Please try again.');
  return data as unknown as Report;
}

export const reportQuery = (range: Range, platform: SocialPlatform | null) => queryOptions({ queryKey: analyticsKeys.report(range, platform), queryFn: () => getReport(range, platform) });
export const useReport = (range: Range, platform: SocialPlatform | null, enabled: boolean) =>
  useQuery({ ...reportQuery(range, platform), enabled, throwOnError: false, placeholderData: keepPreviousData });

export interface SyncOutcome {
  success: boolean;
  accounts: { id: string; platform: SocialPlatform; status: 'synced' | 'failed' | 'busy'; posts: number; error?: string }[];
}

/** Sync now: every connected account's figures from the platforms (6 an hour). */
export const syncNow = () => invokeFunction<SyncOutcome>('social-analytics-sync', {}, 'Could not sync your analytics. Please try again.');

/** Thumbnails of the posts' library items (get-download-url signs them in one call). */
export async function thumbnailsOf(contentIds: string[]): Promise<Map<string, string>> {
  if (contentIds.length === 0) return new Map();
  const { items } = await invokeFunction<{ items: { id: string; thumbnail_url: string | null }[] }>('get-download-url', { ids: contentIds }, 'Could not load the thumbnails.');
  return new Map(items.filter((i) => i.thumbnail_url).map((i) => [i.id, i.thumbnail_url!]));
}
