import { LegacyLoginPage } from '@/features/auth/components/legacy-login-page';

export default function LoginLegacyRoute() {
  return <LegacyLoginPage />;
}
