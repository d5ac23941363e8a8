import { queryOptions, useQuery } from '@tanstack/react-query';
import { AppError, handleError } from '@/lib/errors';
import { invokeFunction } from '@/lib/invoke-function';
import { supabase } from '@/lib/supabase';
import { captionFacts, type CaptionRow } from './caption-facts';
import type { SocialPlatform } from './platforms';
import type { MediaFacts } from './rules';
import { tooSoon } from './schedule';

/** The library item being shared, as the composer needs to know it. */
export interface ShareContent {
  id: string;
  contentType: string;
  /** The product's name as the user gave it, never a file name (caption-facts.ts); null when there is none. */
  product: string | null;
  /** A line of the item's own words for a caption, or null. */
  detail: string | null;
  media: MediaFacts;
}

export const sharedContentKey = (id: string) => ['social-share-content', id] as const;

/**
 * Type, size and shape of a library item (its row; RLS keeps it the caller's own). A result the
 * studio has just shown may still be known by its job's id.
 */
async function getShareContent(id: string): Promise<ShareContent> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) handleError({ message: 'This result is not saved to your library yet, so it cannot be posted.' });
  const { data, error } = await supabase()
    .from('content_generations')
    .select('id, content_type, product_name, storage_path, mime_type, bytes, width, height, input_data, metadata')
    .or(`id.eq.${id},job_id.eq.${id}`)
    .limit(1)
    .single();
  if (error) handleError(error, 'Could not load this item. Please try again.');
  const row = data as CaptionRow & { id: string; mime_type: string | null; bytes: number | null; width: number | null; height: number | null };
  const mime = row.mime_type ?? '';
  return {
    id: row.id,
    contentType: row.content_type,
    ...captionFacts(row),
    media: { kind: mime.startsWith('video/') ? 'video' : 'image', mimeType: mime, bytes: row.bytes, width: row.width, height: row.height },
  };
}

export const shareContentQuery = (id: string) => queryOptions({ queryKey: sharedContentKey(id), queryFn: () => getShareContent(id) });

export interface PostResult {
  post_id: string;
  platform: SocialPlatform;
  account_id: string | null;
  status: 'posted' | 'failed';
  platform_post_id?: string;
  url?: string | null;
  error?: string;
  kind?: 'reconnect' | 'bad_media' | 'rate_limited' | 'retry_later' | 'rejected';
}

interface PostAnswer {
  success: boolean;
  batch_id: string;
  results?: PostResult[];
  scheduled?: { post_id: string; platform: SocialPlatform; account_id: string; scheduled_for: string }[];
}

/** Posts now (each platform's outcome) or schedules (scheduledFor, an ISO time). */
export function createPosts(input: { contentId: string; posts: { accountId: string; caption: string }[]; scheduledFor: string | null }): Promise<PostAnswer> {
  return invokeFunction<PostAnswer>(
    'social-post',
    { content_id: input.contentId, posts: input.posts.map((p) => ({ account_id: p.accountId, caption: p.caption })), scheduled_for: input.scheduledFor },
    'Failed to post to social media platforms',
  );
}

/** A caption from the project's hosted language model (social-caption; only when VITE_CAPTION_MODEL is on). */
export async function captionFromModel(contentId: string, platforms: readonly SocialPlatform[], limit: number): Promise<string> {
  const { caption } = await invokeFunction<{ caption: string }>('social-caption', { content_id: contentId, platforms, limit }, 'Failed to generate caption');
  return caption;
}

export function retryPost(postId: string): Promise<{ success: boolean; results: PostResult[] }> {
  return invokeFunction('social-post', { retry_post_id: postId }, 'Failed to post to social media platforms');
}

/** A post as the posts list shows it. */
export interface SocialPost {
  id: string;
  platform: SocialPlatform;
  caption: string;
  status: 'pending' | 'scheduled' | 'posting' | 'posted' | 'failed';
  error: string | null;
  scheduled_for: string | null;
  posted_at: string | null;
  post_url: string | null;
  created_at: string;
  content_id: string | null;
  social_account_id: string | null;
}

export const socialPostKeys = { all: ['social-posts'] as const };

async function listPosts(): Promise<SocialPost[]> {
  const { data, error } = await supabase()
    .from('social_posts')
    .select('id, platform, caption, status, error, scheduled_for, posted_at, post_url, created_at, content_id, social_account_id')
    .order('created_at', { ascending: false })
    .limit(100);
  if (error) handleError(error, 'Could not load your posts. Please try again.');
  return (data ?? []) as SocialPost[];
}

export const socialPostsQuery = () => queryOptions({ queryKey: socialPostKeys.all, queryFn: listPosts });
export const useSocialPosts = () => useQuery({ ...socialPostsQuery(), throwOnError: false, refetchInterval: (q) => (q.state.data?.some((p) => p.status === 'posting') ? 3000 : false) });

/** Cancels a scheduled post (or removes one from the list): RLS allows it unless it is being sent. */
export async function deletePost(id: string): Promise<void> {
  const { error, count } = await supabase().from('social_posts').delete({ count: 'exact' }).eq('id', id);
  if (error) handleError(error, 'Could not remove the post. Please try again.');
  if (count === 0) handleError({ message: 'This post is being sent right now and cannot be cancelled.' });
}

/**
 * A scheduled post's new time (as a datetime-local input holds it) and caption, checked as the
 * server checks them, then saved. Settings → Posts and the calendar edit through here.
 */
export function saveScheduledPost(id: string, localTime: string, caption: string): Promise<void> {
  const time = new Date(localTime);
  if (tooSoon(time)) throw new AppError('validation', 'Pick a time at least a minute from now.');
  if (!caption.trim()) throw new AppError('validation', 'No caption: Please add a caption for your post');
  return updateScheduledPost(id, { caption: caption.trim(), scheduled_for: time.toISOString() });
}

/** Changes a scheduled post's caption or time while it has not been sent. */
export async function updateScheduledPost(id: string, patch: { caption?: string; scheduled_for?: string }): Promise<void> {
  const { error, count } = await supabase().from('social_posts').update(patch, { count: 'exact' }).eq('id', id).eq('status', 'scheduled');
  if (error) handleError(error, 'Could not change the post. Please try again.');
  if (count === 0) handleError({ message: 'This post has already been sent.' });
}
