import { Loader2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { googleSignInFailure, googleSignUpFailure } from '../auth-messages';
import { useSignInWithGoogle } from '../api/sign-in-with-google';
import { AppleIcon, GithubIcon, GoogleIcon } from './provider-icons';

/**
 * Google (active) and two providers that are not offered yet (visible, disabled). `mode` picks
 * the wording and the failure toast of sign-in or sign-up.
 */
export function SocialSignIn({ mode = 'sign-in', showOthers = true }: { mode?: 'sign-in' | 'sign-up'; showOthers?: boolean }) {
  const google = useSignInWithGoogle();
  const busy = google.isPending || google.isSuccess; // success = the browser is leaving for the provider

  const start = () =>
    google.mutate(undefined, {
      onError: (error) => {
        const failure = mode === 'sign-up' ? googleSignUpFailure(error.message) : googleSignInFailure(error.message);
        toast.error(failure.title, { description: failure.description });
      },
    });

  return (
    <div className="grid gap-3">
      <Button type="button" variant="outline" size="lg" className="w-full" onClick={start} disabled={busy}>
        {busy ? <Loader2 className="animate-spin" aria-hidden /> : <GoogleIcon className="size-5" />}
        {busy ? 'Signing in with Google...' : mode === 'sign-up' ? 'Sign up with Google' : 'Continue with Google'}
      </Button>
      {showOthers && (
        <div className="grid grid-cols-2 gap-3">
          <Button type="button" variant="outline" disabled title="Coming soon" aria-label="Continue with Apple (coming soon)">
            <AppleIcon className="size-4" /> Apple
          </Button>
          <Button type="button" variant="outline" disabled title="Coming soon" aria-label="Continue with GitHub (coming soon)">
            <GithubIcon className="size-4" /> GitHub
          </Button>
        </div>
      )}
    </div>
  );
}

/** 'or continue with email' rule between the providers and the form. */
export function OrDivider({ label = 'or continue with email' }: { label?: string }) {
  return (
    <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-muted-foreground">
      <span className="h-px flex-1 bg-border" />
      {label}
      <span className="h-px flex-1 bg-border" />
    </div>
  );
}
