import { BarChart3, Box, CalendarDays, Camera, CreditCard, Film, Home, LayoutDashboard, RotateCw, ScanSearch, Settings, Wand2, type LucideIcon } from 'lucide-react';
import { paths } from '@/config/paths';
import { requiredPlan, type PaidPlan } from '@/domains/credits/plan-studios';
import { includesSocialAnalytics } from '@/domains/credits/plans';
import type { Plan, Studio } from '@/domains/credits/types';

export type Tier = 'starter' | 'pro' | 'enterprise';

const TIER_OF_PLAN: Record<PaidPlan, Tier> = { starter: 'starter', professional: 'pro', enterprise: 'enterprise' };

/** A studio's tier, from the one plan table (src/domains/credits/plan-studios.ts, start_job's plan_studios). */
export const tierOf = (studio: Studio): Tier => TIER_OF_PLAN[requiredPlan(studio)];

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  end?: boolean;
}

export interface StudioNavItem extends NavItem {
  studio: Studio;
  /** The tier label shown beside the item: the lowest plan that includes the studio (plan_studios). */
  tier: Tier;
  description: string;
}

export interface AccountNavItem extends NavItem {
  /** Marks a Pro+ item; it is locked for plans below it, with an alert naming the plan to upgrade to. */
  requires?: { badge: string; allows: (plan: Plan) => boolean; upgradeTo: string };
}

/** Sidebar entries (docs/spec.md §2 Dashboard shell). */
export const NAV_MAIN: NavItem[] = [
  { label: 'Home', to: paths.home, icon: Home, end: true },
  { label: 'Dashboard', to: paths.dashboard.home, icon: LayoutDashboard, end: true },
];

export const NAV_STUDIOS: StudioNavItem[] = [
  { label: 'Lightbox', to: paths.dashboard.lightbox, icon: Camera, studio: 'lightbox', tier: tierOf('lightbox'), description: 'Studio-quality product shots on clean backgrounds.' },
  { label: 'Refine Image', to: paths.dashboard.refineImage, icon: Wand2, studio: 'refine_image', tier: tierOf('refine_image'), description: 'Enhance colour, sharpness and detail, or upscale with AI.' },
  { label: '360° Videos', to: paths.dashboard.spin360, icon: RotateCw, studio: 'spin360', tier: tierOf('spin360'), description: 'Turn a photo sequence into a smooth 360° spin.' },
  { label: 'UGC Video Creator', to: paths.dashboard.ugcStudio, icon: Film, studio: 'ugc', tier: tierOf('ugc'), description: 'Vertical UGC-style video ads with captions and hooks.' },
  { label: 'Competitor Ad Analyzer', to: paths.dashboard.competitorAdAnalyzer, icon: ScanSearch, studio: 'competitor_ad', tier: tierOf('competitor_ad'), description: "Break down a rival's ad and make your own variations." },
];

export const NAV_ACCOUNT: AccountNavItem[] = [
  { label: 'Library', to: paths.dashboard.library, icon: Box },
  { label: 'Calendar', to: paths.dashboard.calendar, icon: CalendarDays },
  {
    label: 'Social Analytics',
    to: paths.dashboard.socialAnalytics,
    icon: BarChart3,
    requires: { badge: 'Pro+', allows: includesSocialAnalytics, upgradeTo: 'Professional' },
  },
  { label: 'Credit Packs', to: paths.dashboard.creditPacks, icon: CreditCard },
  { label: 'Settings', to: paths.settings, icon: Settings },
];

export const TIER_LABELS: Record<Tier, string> = { starter: 'Starter', pro: 'Pro', enterprise: 'Enterprise' };
