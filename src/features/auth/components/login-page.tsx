import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { BRAND } from '@/config/brand';
import { paths } from '@/config/paths';
import { AuthShell } from './auth-shell';
import { LoginForm } from './login-form';
import { OrDivider, SocialSignIn } from './social-sign-in';
import { SwitchPrompt } from './switch-prompt';

/** /login (docs/spec.md §2). */
export function LoginPage() {
  return (
    <AuthShell>
      <Card className="shadow-lg">
        <CardHeader className="text-center">
          <h1 className="font-semibold leading-none tracking-tight text-2xl">
            Sign in
          </h1>
          <CardDescription>Welcome back! Sign in to your {BRAND.name} account to keep creating.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <SocialSignIn />
          <OrDivider />
          <LoginForm />
          <SwitchPrompt question="Don't have an account?" to={paths.signup} link="Sign up for free" />
        </CardContent>
      </Card>
    </AuthShell>
  );
}
