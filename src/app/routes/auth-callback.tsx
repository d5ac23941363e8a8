import { AuthCallbackPage } from '@/features/auth/components/auth-callback-page';

export default function AuthCallbackRoute() {
  return <AuthCallbackPage />;
}
