import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { RouteErrorBoundary } from '@/components/errors/route-error-boundary';
import { RouteFallback } from '@/components/layout/route-fallback';
import { ToasterHost } from '@/components/ui/toaster-host';
import { paths } from '@/config/paths';

/**
 * A screen that reads data: its chunk and the data cache (with the error boundary that resets it)
 * load together. The landing page is the one screen that does not wait for them.
 */
function dataScreen(load: () => Promise<{ default: ComponentType }>) {
  return lazy(async () => {
    const [{ default: Screen }, { QueryRoute }] = await Promise.all([load(), import('./query-route')]);
    return {
      default: function DataScreen() {
        return (
          <QueryRoute>
            <Screen />
          </QueryRoute>
        );
      },
    };
  });
}

/**
 * Every route of docs/spec.md §2, each screen its own lazy chunk, so a visitor of `/` downloads no
 * dashboard code. Declarative routing keeps the router's share of the landing bundle small.
 * Screens inside the dashboard shell share the shell's data cache and boundary.
 */
const Landing = lazy(() => import('./routes/landing'));
const Login = dataScreen(() => import('./routes/login'));
const LoginLegacy = dataScreen(() => import('./routes/login-legacy'));
const Signup = dataScreen(() => import('./routes/signup'));
const ForgotPassword = dataScreen(() => import('./routes/forgot-password'));
const ResetPassword = dataScreen(() => import('./routes/reset-password'));
const Terms = lazy(() => import('./routes/terms'));
const Privacy = lazy(() => import('./routes/privacy'));
const AuthCallback = dataScreen(() => import('./routes/auth-callback'));
const TestOauth = dataScreen(() => import('./routes/test-oauth'));
const Billing = dataScreen(() => import('./routes/billing'));
const Settings = dataScreen(() => import('./routes/settings'));
const TrialLightbox = dataScreen(() => import('./routes/trial-lightbox'));
const SharedSpin = dataScreen(() => import('./routes/shared-spin'));
const CompetitorAnalyzer = dataScreen(() => import('./routes/competitor-analyzer'));
const Create = dataScreen(() => import('./routes/create'));
const Studio = dataScreen(() => import('./routes/studio'));
const Embedded = dataScreen(() => import('./routes/embedded'));
const Binder = dataScreen(() => import('./routes/binder'));
const Perfect = dataScreen(() => import('./routes/perfect'));
const VideoLibrary = dataScreen(() => import('./routes/video-library'));
const NotFound = lazy(() => import('./routes/not-found'));

const DashboardLayout = dataScreen(() => import('./routes/dashboard/layout'));
const DashboardHome = lazy(() => import('./routes/dashboard/home'));
const Lightbox = lazy(() => import('./routes/dashboard/lightbox'));
const RefineImage = lazy(() => import('./routes/dashboard/refine-image'));
const Spin360 = lazy(() => import('./routes/dashboard/spin-360'));
const UgcStudio = lazy(() => import('./routes/dashboard/ugc-studio'));
const CompetitorAdAnalyzer = lazy(() => import('./routes/dashboard/competitor-ad-analyzer'));
const ContentLibrary = lazy(() => import('./routes/dashboard/library'));
const SocialAnalytics = lazy(() => import('./routes/dashboard/social-analytics'));
const ContentCalendar = lazy(() => import('./routes/dashboard/calendar'));
const CreditPacks = lazy(() => import('./routes/dashboard/credit-packs'));

/** Top-level screens, by their path in config/paths.ts (the one route map). */
const TOP_LEVEL: [path: string, Screen: ComponentType][] = [
  [paths.login, Login],
  [paths.loginLegacy, LoginLegacy],
  [paths.signup, Signup],
  [paths.forgotPassword, ForgotPassword],
  [paths.resetPassword, ResetPassword],
  [paths.terms, Terms],
  [paths.privacy, Privacy],
  [paths.authSocialCallback, AuthCallback],
  [paths.authCallback, AuthCallback],
  [paths.authSupabaseCallback, AuthCallback],
  [paths.authAny, AuthCallback],
  [paths.testOAuth, TestOauth],
  [paths.billing, Billing],
  [paths.settings, Settings],
  [paths.trialLightbox, TrialLightbox],
  [paths.sharedSpin, SharedSpin],
  [paths.competitorAnalyzer, CompetitorAnalyzer],
  [paths.create, Create],
  [paths.studio, Studio],
  [paths.embedded, Embedded],
  [paths.binder, Binder],
  [paths.perfect, Perfect],
  [paths.videoLibrary, VideoLibrary],
];

/** Screens inside the dashboard shell. */
const DASHBOARD: [path: string, Screen: ComponentType][] = [
  [paths.dashboard.lightbox, Lightbox],
  [paths.dashboard.refineImage, RefineImage],
  [paths.dashboard.spin360, Spin360],
  [paths.dashboard.ugcStudio, UgcStudio],
  [paths.dashboard.competitorAdAnalyzer, CompetitorAdAnalyzer],
  [paths.dashboard.library, ContentLibrary],
  [paths.dashboard.socialAnalytics, SocialAnalytics],
  [paths.dashboard.calendar, ContentCalendar],
  [paths.dashboard.creditPacks, CreditPacks],
];

export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary>
      <ToasterHost deferred={pathname === paths.home} />
      <Suspense fallback={<RouteFallback />}>
        <Routes>
          <Route path={paths.home} element={<Landing />} />
          {TOP_LEVEL.map(([path, Screen]) => (
            <Route key={path} path={path} element={<Screen />} />
          ))}
          <Route path={paths.dashboard.home} element={<DashboardLayout />}>
            <Route index element={<DashboardHome />} />
            {DASHBOARD.map(([path, Screen]) => (
              <Route key={path} path={path} element={<Screen />} />
            ))}
            <Route path={`${paths.dashboard.home}/*`} element={<NotFound />} />
          </Route>
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
