import { useEffect } from 'react';
import { toast } from 'sonner';
import { paths } from '@/config/paths';
import { fragmentOutcome } from '@/lib/auth/auth-fragment';
import { connectAuth } from '@/lib/auth/auth-store';
import { fragmentFailure, fragmentSignedIn } from '../auth-messages';

/** Screens that use the fragment's session themselves instead of moving on to the dashboard. */
const STAY_ON: string[] = [paths.testOAuth, paths.resetPassword];

/**
 * The handler sits beside the router (in the providers), so it moves the router the way the
 * browser would: a history entry plus the popstate event React Router listens to.
 */
function goTo(path: string) {
  if (window.location.pathname === path) return;
  window.history.replaceState(window.history.state, '', path);
  window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
}

/**
 * SPEC.md §2 'Auth-fragment handler': loaded (its own chunk) only when the page was opened with
 * an auth fragment. connectAuth sets the session and cleans the URL; this reports the outcome.
 */
export default function AuthFragmentHandler() {
  useEffect(() => {
    let active = true;
    connectAuth()
      .then(fragmentOutcome)
      .catch((error: unknown) => ({ kind: 'error' as const, message: error instanceof Error ? error.message : String(error) }))
      .then((outcome) => {
        if (!active) return;
        if (outcome.kind === 'error') {
          const failure = fragmentFailure(outcome.message);
          toast.error(failure.title, { description: failure.description });
        } else if (outcome.kind === 'session') {
          if (outcome.type === 'recovery') return goTo(paths.resetPassword);
          const welcome = fragmentSignedIn(outcome.email);
          toast.success(welcome.title, { description: welcome.description });
          if (!STAY_ON.includes(window.location.pathname)) goTo(paths.dashboard.home);
        }
      });
    return () => {
      active = false;
    };
  }, []);
  return null;
}
