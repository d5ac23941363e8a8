import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { platformName } from './platforms';

/**
 * Back from a platform's consent page (Settings, or a studio's Share dialog): `?connected=<platform>`
 * or `?connect_error=<words>`, said once and taken off the address.
 */
export function useConnectOutcome() {
  const [params, setParams] = useSearchParams();
  const connected = params.get('connected');
  const failed = params.get('connect_error');
  useEffect(() => {
    if (!connected && !failed) return;
    if (connected) toast.success(`${platformName(connected)} connected`);
    else toast.error('The account was not connected', { description: failed });
    const next = new URLSearchParams(params);
    next.delete('connected');
    next.delete('connect_error');
    setParams(next, { replace: true });
  }, [connected, failed, params, setParams]);
}
