import { useEffect } from 'react';
import { toast } from 'sonner';
import { fragmentOutcome } from '@/lib/auth/auth-fragment';
import { connectAuth } from '@/lib/auth/auth-store';
import { fragmentFailure, fragmentSignedIn } from '../auth-messages';

/**
 * SPEC.md §2 'Auth-fragment handler': loaded (its own chunk) only when the page was opened with
 * an auth fragment. connectAuth takes the session (on the auth callback routes only: anywhere
 * else the tokens are removed and ignored) and cleans the URL; this says how it went. Where to go
 * next is the callback screen's to decide (its `next`).
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
          const welcome = fragmentSignedIn(outcome.email);
          toast.success(welcome.title, { description: welcome.description });
        }
      });
    return () => {
      active = false;
    };
  }, []);
  return null;
}
