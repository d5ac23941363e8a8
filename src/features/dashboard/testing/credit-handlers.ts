import { delay, http, HttpResponse } from 'msw';
import type { CreditSummary, PlanCredits, StudioPrice } from '@/domains/credits/types';
import { STUDIO_PRICES } from '@/test/studio-handlers';
import type { DashboardStats } from '../types';

/** msw handlers shaped like PostgREST's answers for the credit and dashboard reads. */

export const PRICES = STUDIO_PRICES as StudioPrice[];

export const PLANS: PlanCredits[] = [
  { id: 'starter', name: 'Starter', credits: 199 },
  { id: 'professional', name: 'Professional', credits: 300 },
  { id: 'enterprise', name: 'Enterprise', credits: 1200 },
];

export function summary(overrides: Partial<CreditSummary> = {}): CreditSummary {
  const total = overrides.total_credits ?? 200;
  return {
    total_credits: total,
    lightbox_credits_used: 2,
    ugc_credits_used: 5,
    spin360_credits_used: 5,
    refine_image_credits_used: 7,
    competitor_ad_credits_used: 0,
    subscription_plan: 'professional',
    subscription_status: 'active',
    can_use_lightbox: total >= 1,
    can_use_ugc: total >= 5,
    can_use_spin360: total >= 5,
    can_use_refine_image: total >= 2,
    can_use_competitor_ad: total >= 10,
    ...overrides,
  };
}

export function stats(overrides: Partial<DashboardStats> = {}): DashboardStats {
  return {
    total_generations: 7,
    total_views: 2800,
    total_engagement: 299,
    credits_used: 19,
    lightbox_count: 2,
    refine_count: 3,
    ugc_count: 1,
    spin360_count: 1,
    competitor_ad_count: 0,
    recent_activity: [
      { id: 'a1', kind: 'video', studio: 'ugc', title: 'Skincare Serum UGC Ad', status: 'completed', created_at: new Date().toISOString() },
      { id: 'a2', kind: 'image', studio: 'refine_image', title: 'Sharpness & Detail', status: 'failed', created_at: new Date().toISOString() },
    ],
    ...overrides,
  };
}

export const creditSummaryHandler = (body: CreditSummary | 'pending' | 'error') =>
  http.post('*/rest/v1/rpc/credit_summary', async () => {
    if (body === 'pending') await delay('infinite');
    if (body === 'error') return HttpResponse.json({ code: 'PT404', message: 'Failed to fetch user profile', details: 'profile_not_found' }, { status: 404 });
    return HttpResponse.json(body);
  });

export const dashboardStatsHandler = (body: DashboardStats | 'pending', onCall?: () => void) =>
  http.post('*/rest/v1/rpc/dashboard_stats', async () => {
    onCall?.();
    if (body === 'pending') await delay('infinite');
    return HttpResponse.json(body);
  });

export const catalogHandlers = [
  http.get('*/rest/v1/studio_prices', () => HttpResponse.json(PRICES)),
  http.get('*/rest/v1/pricing_plans', () => HttpResponse.json(PLANS)),
  // the header's avatar menu reads the profile for its photo
  http.get('*/rest/v1/profiles', () => HttpResponse.json({ user_id: '11111111-1111-4111-8111-111111111111', email: 'maker@example.com', avatar_url: null })),
];
