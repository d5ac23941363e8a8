/**
 * The route map (docs/spec.md §2). Screens link through these, never through string literals, so a
 * route can move in one place.
 */
/** The tabs of /settings, by their `?tab=` value. */
export const SETTINGS_TABS = ['profile', 'how-it-works', 'webhooks', 'accounts', 'posts', 'billing'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

export const paths = {
  home: '/',
  login: '/login',
  loginLegacy: '/login/legacy',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  terms: '/terms',
  privacy: '/privacy',
  authSocialCallback: '/auth/social/callback',
  authCallback: '/auth/callback',
  authSupabaseCallback: '/auth/supabase/callback',
  /** Any other auth-provider callback lands on the same screen. */
  authAny: '/auth/*',
  testOAuth: '/test-oauth',
  billing: '/billing',
  /** Billing with a plan from the pricing section ready to subscribe to. */
  billingPlan: (planId: string) => `/billing?plan=${encodeURIComponent(planId)}`,
  /** Billing that goes straight on to Stripe Checkout for the plan (the landing's "Get Started", signed in). */
  checkoutPlan: (planId: string) => `/billing?plan=${encodeURIComponent(planId)}&checkout=1`,
  settings: '/settings',
  settingsTab: (tab: SettingsTab) => `/settings?tab=${tab}`,
  trialLightbox: '/trial/lightbox',
  /** A shared 360° spin (public, by its link's token); `?embed=1` is the bare viewer for an iframe. */
  sharedSpin: '/spin/:token',
  competitorAnalyzer: '/competitor-analyzer',
  create: '/create',
  studio: '/studio',
  embedded: '/embedded',
  binder: '/binder',
  perfect: '/perfect',
  videoLibrary: '/library',
  dashboard: {
    home: '/dashboard',
    lightbox: '/dashboard/lightbox',
    refineImage: '/dashboard/refine-image',
    spin360: '/dashboard/360-video',
    ugcStudio: '/dashboard/ugc-studio',
    competitorAdAnalyzer: '/dashboard/competitor-ad-analyzer',
    library: '/dashboard/library',
    socialAnalytics: '/dashboard/social-analytics',
    calendar: '/dashboard/calendar',
    creditPacks: '/dashboard/credit-packs',
  },
} as const;

/**
 * Where a call to action to begin ('Get Started', 'Start Creating', 'Claim your free credits', a
 * plan's button) leads: a visitor signs up (a new account, with its free credits); someone signed in
 * goes to the dashboard. Every such button links through here, so none sends a newcomer to sign-in.
 */
export function startPath(signedIn: boolean): string {
  return signedIn ? paths.dashboard.home : paths.signup;
}
