import { queryOptions, useQuery } from '@tanstack/react-query';
import { handleError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { DashboardStats } from '../types';
import { dashboardKeys } from './keys';

/** Every figure of the Generation Overview and the recent activity, in one round trip. */
export async function getDashboardStats(): Promise<DashboardStats> {
  const { data, error } = await supabase().rpc('dashboard_stats');
  if (error) handleError(error, 'Failed to load dashboard stats');
  return data as unknown as DashboardStats;
}

export const dashboardStatsQuery = () => queryOptions({ queryKey: dashboardKeys.stats(), queryFn: getDashboardStats, staleTime: 30_000 });

export function useDashboardStats(options: { enabled?: boolean } = {}) {
  return useQuery({ ...dashboardStatsQuery(), enabled: options.enabled ?? true });
}
