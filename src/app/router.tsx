import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { RouteErrorBoundary } from '@/components/errors/route-error-boundary';
import { RouteFallback } from '@/components/layout/route-fallback';

/**
 * Every route of SPEC.md §2, each screen its own lazy chunk, so a visitor of `/` downloads no
 * dashboard code. Declarative routing keeps the router's share of the landing bundle small.
 */
const Landing = lazy(() => import('./routes/landing'));
const Login = lazy(() => import('./routes/login'));
const LoginLegacy = lazy(() => import('./routes/login-legacy'));
const Signup = lazy(() => import('./routes/signup'));
const ForgotPassword = lazy(() => import('./routes/forgot-password'));
const ResetPassword = lazy(() => import('./routes/reset-password'));
const Terms = lazy(() => import('./routes/terms'));
const Privacy = lazy(() => import('./routes/privacy'));
const AuthCallback = lazy(() => import('./routes/auth-callback'));
const TestOauth = lazy(() => import('./routes/test-oauth'));
const Billing = lazy(() => import('./routes/billing'));
const Settings = lazy(() => import('./routes/settings'));
const TrialLightbox = lazy(() => import('./routes/trial-lightbox'));
const CompetitorAnalyzer = lazy(() => import('./routes/competitor-analyzer'));
const Create = lazy(() => import('./routes/create'));
const Studio = lazy(() => import('./routes/studio'));
const Embedded = lazy(() => import('./routes/embedded'));
const Binder = lazy(() => import('./routes/binder'));
const Perfect = lazy(() => import('./routes/perfect'));
const VideoLibrary = lazy(() => import('./routes/video-library'));
const NotFound = lazy(() => import('./routes/not-found'));

const DashboardLayout = lazy(() => import('./routes/dashboard/layout'));
const DashboardHome = lazy(() => import('./routes/dashboard/home'));
const Lightbox = lazy(() => import('./routes/dashboard/lightbox'));
const RefineImage = lazy(() => import('./routes/dashboard/refine-image'));
const Spin360 = lazy(() => import('./routes/dashboard/spin-360'));
const UgcStudio = lazy(() => import('./routes/dashboard/ugc-studio'));
const CompetitorAdAnalyzer = lazy(() => import('./routes/dashboard/competitor-ad-analyzer'));
const ContentLibrary = lazy(() => import('./routes/dashboard/library'));
const SocialAnalytics = lazy(() => import('./routes/dashboard/social-analytics'));
const CreditPacks = lazy(() => import('./routes/dashboard/credit-packs'));

export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<RouteFallback />}>
        <Routes>
          <Route index element={<Landing />} />
          <Route path="login" element={<Login />} />
          <Route path="login/legacy" element={<LoginLegacy />} />
          <Route path="signup" element={<Signup />} />
          <Route path="forgot-password" element={<ForgotPassword />} />
          <Route path="reset-password" element={<ResetPassword />} />
          <Route path="terms" element={<Terms />} />
          <Route path="privacy" element={<Privacy />} />
          <Route path="auth/social/callback" element={<AuthCallback />} />
          <Route path="auth/callback" element={<AuthCallback />} />
          <Route path="auth/supabase/callback" element={<AuthCallback />} />
          <Route path="auth/*" element={<AuthCallback />} />
          <Route path="test-oauth" element={<TestOauth />} />
          <Route path="dashboard" element={<DashboardLayout />}>
            <Route index element={<DashboardHome />} />
            <Route path="lightbox" element={<Lightbox />} />
            <Route path="refine-image" element={<RefineImage />} />
            <Route path="360-video" element={<Spin360 />} />
            <Route path="ugc-studio" element={<UgcStudio />} />
            <Route path="competitor-ad-analyzer" element={<CompetitorAdAnalyzer />} />
            <Route path="library" element={<ContentLibrary />} />
            <Route path="social-analytics" element={<SocialAnalytics />} />
            <Route path="credit-packs" element={<CreditPacks />} />
            <Route path="*" element={<NotFound />} />
          </Route>
          <Route path="billing" element={<Billing />} />
          <Route path="settings" element={<Settings />} />
          <Route path="trial/lightbox" element={<TrialLightbox />} />
          <Route path="competitor-analyzer" element={<CompetitorAnalyzer />} />
          <Route path="create" element={<Create />} />
          <Route path="studio" element={<Studio />} />
          <Route path="embedded" element={<Embedded />} />
          <Route path="binder" element={<Binder />} />
          <Route path="perfect" element={<Perfect />} />
          <Route path="library" element={<VideoLibrary />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
