import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { toAppError } from '@/lib/errors';
import { finishConnect, socialAccountKeys } from './accounts';
import { platformName } from './platforms';

/** Tickets already being finished: React runs an effect twice in development, a ticket works once. */
const finishing = new Set<string>();

/**
 * Back from a platform's consent page (Settings, or a studio's Share dialog). The platform's
 * callback sends `?connect_ticket=<ticket>`, finished here with this browser's session (the server
 * stores the account only for the user who started connecting it), or `?connect_error=<words>`.
 * Said once and taken off the address.
 */
export function useConnectOutcome() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const ticket = params.get('connect_ticket');
  const failed = params.get('connect_error');
  useEffect(() => {
    if (!ticket && !failed) return;
    const next = new URLSearchParams(params);
    next.delete('connect_ticket');
    next.delete('connect_error');
    setParams(next, { replace: true });
    if (failed) toast.error('The account was not connected', { description: failed });
    if (!ticket || finishing.has(ticket)) return;
    finishing.add(ticket);
    finishConnect(ticket)
      .then(({ platform, username }) => {
        toast.success(`${platformName(platform)} connected`, { description: `@${username}` });
        void queryClient.invalidateQueries({ queryKey: socialAccountKeys.all });
      })
      .catch((error: unknown) => toast.error('The account was not connected', { description: toAppError(error).message }));
  }, [ticket, failed, params, setParams, queryClient]);
}
