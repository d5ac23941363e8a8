import { Link } from 'react-router-dom';
import { PageShell } from '@/components/layout/page-shell';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { LoginForm } from './login-form';
import { OrDivider, SocialSignIn } from './social-sign-in';

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
          <p className="text-center text-sm text-muted-foreground">
            New here?{' '}
            <Link to={paths.signup} className="font-medium text-primary underline-offset-4 hover:underline">
              Sign up for free
            </Link>
          </p>
        </CardContent>
      </Card>
    </PageShell>
  );
}
