import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AppError, handleError } from '@/lib/errors';
import { invokeFunction } from '@/lib/invoke-function';
import { supabase } from '@/lib/supabase';
import type { SocialPlatform } from './platforms';

export { BEST_TIMES, DAILY_CAPS, formatGap, GAP_LIMITS, proposeSchedule, scheduleProblems, type PlannedPost, type ScheduleProblem } from '@shotcraft/shared/social-schedule.ts';

/** One post as the calendar shows it (social_calendar). */
export interface CalendarPost {
  id: string;
  platform: SocialPlatform;
  status: 'pending' | 'scheduled' | 'posting' | 'posted' | 'failed';
  caption: string;
  /** When it goes out, went out, or was made. */
  at: string;
  scheduled_for: string | null;
  posted_at: string | null;
  post_url: string | null;
  error: string | null;
  content_id: string | null;
  content_type: string | null;
  product_name: string | null;
  campaign_id: string | null;
  campaign_name: string | null;
  social_account_id: string | null;
}

export const calendarKeys = { all: ['social-calendar'] as const, range: (from: string, to: string) => ['social-calendar', from, to] as const };

async function calendarPosts(from: string, to: string): Promise<CalendarPost[]> {
  const { data, error } = await supabase().rpc('social_calendar', { p_from: from, p_to: to });
  if (error) handleError(error, 'Could not load your calendar. Please try again.');
  return (data ?? []) as CalendarPost[];
}

export const useCalendarPosts = (from: string, to: string) =>
  useQuery({
    queryKey: calendarKeys.range(from, to),
    queryFn: () => calendarPosts(from, to),
    placeholderData: keepPreviousData,
    // Sending: every 3 s until it is done. Waiting: every 30 s, so posts that went out meanwhile show as posted.
    refetchInterval: (q) => (q.state.data?.some((p) => p.status === 'posting') ? 3000 : q.state.data?.some((p) => p.status === 'scheduled') ? 30_000 : false),
  });

/**
 * Moves a scheduled post. The database checks the move as the planner does (a minute to 90 days
 * ahead, its campaign's gap, the account's daily cap) and its words are shown as they are.
 */
export async function moveScheduledPost(id: string, at: Date): Promise<void> {
  const { error, count } = await supabase().from('social_posts').update({ scheduled_for: at.toISOString() }, { count: 'exact' }).eq('id', id).eq('status', 'scheduled');
  if (error) {
    if (error.code === '22023') throw new AppError('validation', error.message);
    handleError(error, 'Could not move the post. Please try again.');
  }
  if (count === 0) handleError({ message: 'This post has already been sent.' });
}

export interface CampaignPlan {
  name: string;
  productName: string | null;
  gapMinutes: number;
  posts: { contentId: string; accountId: string; caption: string; at: string }[];
}

/** Schedules a planned week as one campaign (social-campaign): every post, or none. */
export function scheduleCampaign(plan: CampaignPlan): Promise<{ campaign_id: string; scheduled: { post_id: string }[] }> {
  return invokeFunction(
    'social-campaign',
    {
      name: plan.name,
      product_name: plan.productName,
      gap_minutes: plan.gapMinutes,
      posts: plan.posts.map((p) => ({ content_id: p.contentId, account_id: p.accountId, caption: p.caption, scheduled_for: p.at })),
    },
    'Failed to schedule the campaign',
  );
}
