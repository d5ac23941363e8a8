import { PageShell } from '@/components/layout/page-shell';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { LoginForm } from './login-form';
import { OrDivider, SocialSignIn } from './social-sign-in';
import { SwitchPrompt } from './switch-prompt';

/** /login/legacy: the older, plainer sign-in — same form and rules as /login. */
export function LegacyLoginPage() {
  return (
    <PageShell>
      <Card className="w-full max-w-sm">
        <CardHeader>
          <h1 className="font-semibold leading-none tracking-tight text-xl">
            Sign in
          </h1>
          <CardDescription>Enter your email and password to continue.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <LoginForm />
          <OrDivider label="or" />
          <SocialSignIn showOthers={false} />
          <SwitchPrompt question="New here?" to={paths.signup} link="Sign up for free" />
        </CardContent>
      </Card>
    </PageShell>
  );
}
