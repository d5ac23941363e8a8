import { SignupPage } from '@/features/auth/components/signup-page';
import { SignedInRedirect } from '@/features/auth/components/signed-in-redirect';

export default function SignupRoute() {
  return (
    <SignedInRedirect>
      <SignupPage />
    </SignedInRedirect>
  );
}
