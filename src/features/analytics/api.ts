import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { handleError } from '@/lib/errors';
import type { MutationHandlers } from '@/lib/mutation-handlers';
import { invokeFunction } from '@/lib/invoke-function';
import type { SocialPlatform } from '@/domains/social/platforms';
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
  /** The top 5 posts by impressions (the "Top posts" row). */
  posts: ReportPost[];
  /** How many posts the period has; social_analytics_posts pages through them. */
  post_count: number;
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

export type SortKey = 'posted_at' | 'platform' | Metric | 'reach';
export interface PostsOrder {
  key: SortKey;
  direction: 'asc' | 'desc';
}
export interface PostsPage {
  total: number;
  posts: ReportPost[];
}

/** Rows of the posts table per page. */
export const POSTS_PAGE = 50;
/** Rows per request when every post is read (the CSV); the most the server gives at once. */
const EXPORT_PAGE = 1000;

/** One page of the period's posts in the table's order (social_analytics_posts). */
export async function getPostsPage(range: Range, platform: SocialPlatform | null, order: PostsOrder, offset: number, limit = POSTS_PAGE): Promise<PostsPage> {
  const { data, error } = await supabase().rpc('social_analytics_posts', {
    p_from: range.from,
    p_to: range.to,
    p_platform: platform ?? undefined,
    p_sort: order.key,
    p_ascending: order.direction === 'asc',
    p_offset: offset,
    p_limit: limit,
  });
  if (error) handleError(error, 'Could not load your posts. Please try again.');
  return data as unknown as PostsPage;
}

export const usePostsPage = (range: Range, platform: SocialPlatform | null, order: PostsOrder, page: number) =>
  useQuery({
    queryKey: [...analyticsKeys.report(range, platform), 'posts', order.key, order.direction, page],
    queryFn: () => getPostsPage(range, platform, order, page * POSTS_PAGE),
    throwOnError: false,
    placeholderData: keepPreviousData,
  });

/** Every post of the period in the table's order, read a page at a time (for the CSV). */
export async function allPosts(range: Range, platform: SocialPlatform | null, order: PostsOrder): Promise<ReportPost[]> {
  const posts: ReportPost[] = [];
  for (;;) {
    const page = await getPostsPage(range, platform, order, posts.length, EXPORT_PAGE);
    posts.push(...page.posts);
    if (page.posts.length < EXPORT_PAGE || posts.length >= page.total) return posts;
  }
}

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

/** The top posts' thumbnails (a signed URL for each library item that has one). */
export const useThumbnails = (contentIds: (string | null)[]) =>
  useQuery({
    queryKey: ['social-analytics-thumbs', contentIds.join(',')],
    queryFn: () => thumbnailsOf(contentIds.filter((id): id is string => !!id)),
    throwOnError: false,
    staleTime: 30 * 60_000,
  });

/** Sync now (`mutate()`); every analytics query is read again when it settles. The screen's words ride on the hook. */
export function useSyncAnalytics(handlers: MutationHandlers<SyncOutcome> = {}) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: syncNow, ...handlers, onSettled: () => queryClient.invalidateQueries({ queryKey: analyticsKeys.all }) });
}

/**
 * Every post of the period in the table's order (`mutate({ range, platform, order })`), for the CSV.
 * The screen's onSuccess saves the file even when a new period or platform remounted the table.
 */
export function useAllPosts(handlers: MutationHandlers<ReportPost[], { range: Range; platform: SocialPlatform | null; order: PostsOrder }> = {}) {
  return useMutation({ mutationFn: ({ range, platform, order }: { range: Range; platform: SocialPlatform | null; order: PostsOrder }) => allPosts(range, platform, order), ...handlers });
}
