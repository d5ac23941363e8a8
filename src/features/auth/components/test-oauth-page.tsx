import { Loader2 } from 'lucide-react';
import { toast } from 'sonner';
import { PageShell } from '@/components/layout/page-shell';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useSignOut } from '@/lib/auth/use-sign-out';
import { googleSignInFailure } from '../auth-messages';
import { useSessionInfo } from '../api/get-session-info';
import { useSignInWithGoogle } from '../api/sign-in-with-google';
import { GoogleIcon } from './provider-icons';

/** /test-oauth: a developer screen that runs the Google round trip back to itself and shows the result. */
export function TestOAuthPage() {
  const info = useSessionInfo();
  const google = useSignInWithGoogle();
  const signOut = useSignOut({ redirectTo: paths.testOAuth });
  const user = info.data?.user;
  const session = info.data?.session;

  const start = () =>
    google.mutate(
      { redirectPath: paths.testOAuth },
      {
        onError: (error) => {
          const failure = googleSignInFailure(error.message);
          toast.error(failure.title, { description: failure.description });
        },
      },
    );

  const rows: [string, string][] = user
    ? [
        ['User id', user.id],
        ['Email', user.email],
        ['Name', user.fullName ?? '—'],
        ['Provider', user.provider],
        ['Providers', user.providers.join(', ')],
        ['Created', user.createdAt],
        ['Last sign-in', user.lastSignInAt ?? '—'],
        ['Token type', session?.tokenType ?? '—'],
        ['Access token', session?.accessTokenPreview ?? '—'],
        ['Expires at', session?.expiresAt ?? '—'],
      ]
    : [];

  return (
    <PageShell>
      <Card className="w-full max-w-2xl">
        <CardHeader>
          <div className="flex items-center justify-between gap-2">
            <h1 className="text-xl font-semibold">OAuth test</h1>
            <Badge variant={user ? 'default' : 'secondary'}>{info.isPending ? 'Checking...' : user ? 'Signed in' : 'Signed out'}</Badge>
          </div>
          <CardDescription>Runs the Google sign-in round trip and comes back here with the session it produced.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <div className="flex flex-wrap gap-2">
            <Button type="button" onClick={start} disabled={google.isPending || google.isSuccess}>
              {google.isPending || google.isSuccess ? <Loader2 className="animate-spin" aria-hidden /> : <GoogleIcon className="size-4" />}
              Run Google sign-in
            </Button>
            <Button type="button" variant="outline" onClick={() => void info.refetch()}>
              Refresh
            </Button>
            {user && (
              <Button type="button" variant="outline" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
                Sign out
              </Button>
            )}
          </div>
          {info.error && <p role="alert" className="text-sm text-destructive">{info.error.message}</p>}
          {user ? (
            <dl aria-label="Session" className="grid gap-x-6 gap-y-2 rounded-lg border p-4 text-sm sm:grid-cols-[auto_1fr]">
              {rows.map(([term, detail]) => (
                <div key={term} className="contents">
                  <dt className="text-muted-foreground">{term}</dt>
                  <dd className="break-all font-mono text-xs sm:text-sm">{detail}</dd>
                </div>
              ))}
            </dl>
          ) : (
            !info.isPending && <p className="text-sm text-muted-foreground">No session. Run the Google sign-in to create one.</p>
          )}
        </CardContent>
      </Card>
    </PageShell>
  );
}
