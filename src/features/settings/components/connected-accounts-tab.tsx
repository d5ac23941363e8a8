import { Loader2, Plug, Unplug } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toAppError } from '@/lib/errors';
import { SOCIAL_PLATFORMS } from '@/domains/social/platforms';
import { useDisconnectAccount, useSocialAccounts } from '@/domains/social/accounts';
import { useConnect } from '@/domains/social/use-connect';
import { useConnectOutcome } from '@/domains/social/use-connect-outcome';
import { LoadError } from '@/components/errors/load-error';

const RETURN_PATH = '/settings?tab=accounts';

/** Settings → Connected accounts: each platform with its account, Connect and Disconnect. */
export function ConnectedAccountsTab() {
  useConnectOutcome();
  const accounts = useSocialAccounts();
  const { opening, connect } = useConnect(RETURN_PATH);
  const disconnect = useDisconnectAccount({
    onSuccess: () => toast.success('Account disconnected'),
    onError: (error) => toast.error(toAppError(error).message),
  });

  return (
    <Card className="max-w-3xl">
      <CardHeader>
        <CardTitle>Connected accounts</CardTitle>
        <CardDescription>
          Connect the accounts Shotcraft may post to. You approve it on the platform&apos;s own page; Shotcraft never sees your password, and the
          access it gets stays on our servers.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {accounts.isPending ? (
          <p role="status" className="text-muted-foreground">
            Loading accounts...
          </p>
        ) : accounts.isError ? (
          <LoadError onRetry={accounts.refetch}>{toAppError(accounts.error).message}</LoadError>
        ) : (
          <ul className="divide-y" aria-label="Platforms">
            {SOCIAL_PLATFORMS.map((platform) => {
              const linked = accounts.data.filter((a) => a.platform === platform.id);
              return (
                <li key={platform.id} className="flex flex-wrap items-center gap-3 py-4">
                  <span aria-hidden className="grid size-10 shrink-0 place-items-center rounded-full bg-muted text-sm font-semibold">
                    {platform.mark}
                  </span>
                  <div className="flex min-w-0 flex-1 flex-col">
                    <span className="font-medium">{platform.name}</span>
                    {linked.length === 0 ? (
                      <span className="text-sm text-muted-foreground">{platform.what}</span>
                    ) : (
                      linked.map((a) => (
                        <span key={a.id} className="flex flex-wrap items-center gap-2 text-sm">
                          @{a.username}
                          <Badge variant={a.is_active ? 'success' : 'secondary'}>{a.is_active ? 'Connected' : 'Paused'}</Badge>
                          <span className="text-muted-foreground">{a.follower_count.toLocaleString('en-US')} followers</span>
                        </span>
                      ))
                    )}
                  </div>
                  {linked.length > 0 ? (
                    <Button
                      variant="outline"
                      disabled={disconnect.isPending}
                      onClick={() => linked.forEach((a) => disconnect.mutate(a.id))}
                      aria-label={`Disconnect ${platform.name}`}
                    >
                      <Unplug aria-hidden /> Disconnect
                    </Button>
                  ) : (
                    <Button disabled={opening !== null} onClick={() => void connect(platform.id)} aria-label={`Connect ${platform.name}`}>
                      {opening === platform.id ? <Loader2 className="animate-spin" aria-hidden /> : <Plug aria-hidden />} Connect
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
