import { LoginPage } from '@/features/auth/components/login-page';
import { SignedInRedirect } from '@/features/auth/components/signed-in-redirect';

export default function LoginRoute() {
  return (
    <SignedInRedirect>
      <LoginPage />
    </SignedInRedirect>
  );
}
