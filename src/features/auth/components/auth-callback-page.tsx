import { AlertCircle, Loader2 } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { LinkButtons } from '@/components/layout/link-buttons';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { safeNext } from '@/lib/auth/callback-url';
import { fragmentSignedIn } from '../auth-messages';
import { useCompleteAuthCallback } from '../api/complete-auth-callback';
import { AuthShell } from './auth-shell';

/** /auth/callback, /auth/social/callback, /auth/supabase/callback and /auth/*. */
export function AuthCallbackPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const callback = useCompleteAuthCallback(location.search);
  const result = callback.data;

  useEffect(() => {
    if (result?.kind !== 'signed-in') return;
    // A password-reset link goes straight on to choosing the new password, without a welcome.
    if (result.via === 'code' && !result.recovery) {
      const welcome = fragmentSignedIn(result.email);
      toast.success(welcome.title, { description: welcome.description });
    }
    const next = safeNext(new URLSearchParams(location.search).get('next'), result.recovery ? paths.resetPassword : paths.dashboard.home);
    void navigate(next, { replace: true });
  }, [result, navigate, location.search]);

  const failed = result?.kind === 'failed' ? result.message : callback.error?.message;

  return (
    <AuthShell backTo={paths.login} backLabel="Back to sign in">
      <Card className="shadow-lg">
        <CardHeader>
          <h1 className="text-2xl font-semibold tracking-tight">{failed ? 'Sign-in failed' : 'Signing you in'}</h1>
          <CardDescription>{failed ? 'We could not complete your sign-in.' : 'Completing sign-in with your provider...'}</CardDescription>
        </CardHeader>
        <CardContent>
          {failed ? (
            <div className="grid gap-4">
              <p role="alert" className="flex items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm">
                <AlertCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
                {failed}
              </p>
              <div className="flex flex-wrap gap-2">
                <LinkButtons main={{ to: paths.login, label: 'Back to sign in' }} other={{ to: paths.home, label: 'Back to Home' }} />
              </div>
            </div>
          ) : (
            <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
              <Loader2 className="size-4 animate-spin" aria-hidden /> One moment...
            </p>
          )}
        </CardContent>
      </Card>
    </AuthShell>
  );
}
