import { TestOAuthPage } from '@/features/auth/components/test-oauth-page';

export default function TestOauthRoute() {
  return <TestOAuthPage />;
}
