import type { Studio } from '@/domains/credits/types';

export type JobStatus = 'queued' | 'processing' | 'completed' | 'failed';

/** One of the 10 latest jobs (5 image, 5 video) that dashboard_stats() returns. */
export interface RecentActivity {
  id: string;
  kind: 'image' | 'video';
  studio: Studio;
  title: string;
  status: JobStatus;
  created_at: string;
}

/** docs/spec.md §3 dashboard stats, as dashboard_stats() returns them in one call. */
export interface DashboardStats {
  total_generations: number;
  total_views: number;
  total_engagement: number;
  credits_used: number;
  lightbox_count: number;
  refine_count: number;
  ugc_count: number;
  spin360_count: number;
  competitor_ad_count: number;
  recent_activity: RecentActivity[];
}
