import { useEffect } from 'react';
import { toast } from 'sonner';
import { fragmentOutcome } from '@/lib/auth/auth-fragment';
import { connectAuth } from '@/lib/auth/auth-store';
import { fragmentFailure } from '../auth-messages';

/**
 * docs/spec.md §2 'Auth-fragment handler': loaded (its own chunk) only when the page was opened with
 * an auth fragment. connectAuth removes it from the URL; a session in it is never taken (see
 * consumeAuthFragment: that would be login CSRF), so this says the link cannot be used, or the
 * error the auth server sent.
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
        }
      });
    return () => {
      active = false;
    };
  }, []);
  return null;
}
