import { BarChart3, Box, Camera, CreditCard, Film, Home, LayoutDashboard, RotateCw, ScanSearch, Settings, Wand2, type LucideIcon } from 'lucide-react';
import { paths } from '@/config/paths';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  end?: boolean;
}

/** Sidebar entries (SPEC.md §2 Dashboard shell). Credit badges and tier locks come with the dashboard issue. */
export const NAV_MAIN: NavItem[] = [
  { label: 'Home', to: paths.home, icon: Home, end: true },
  { label: 'Dashboard', to: paths.dashboard.home, icon: LayoutDashboard, end: true },
];

export const NAV_STUDIOS: NavItem[] = [
  { label: 'Lightbox', to: paths.dashboard.lightbox, icon: Camera },
  { label: 'Refine Image', to: paths.dashboard.refineImage, icon: Wand2 },
  { label: '360° Videos', to: paths.dashboard.spin360, icon: RotateCw },
  { label: 'UGC Video Creator', to: paths.dashboard.ugcStudio, icon: Film },
  { label: 'Competitor Ad Analyzer', to: paths.dashboard.competitorAdAnalyzer, icon: ScanSearch },
];

export const NAV_ACCOUNT: NavItem[] = [
  { label: 'Library', to: paths.dashboard.library, icon: Box },
  { label: 'Social Analytics', to: paths.dashboard.socialAnalytics, icon: BarChart3 },
  { label: 'Credit Packs', to: paths.dashboard.creditPacks, icon: CreditCard },
  { label: 'Settings', to: paths.settings, icon: Settings },
];
