import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TableScroll } from '@/components/ui/table-scroll';
import { toAppError } from '@/lib/errors';
import { useDeliveries, useEndpoints, useResendDelivery, type WebhookDelivery } from '../../api/webhooks';
import { hostOf } from './host-of';

const STATUS_WORDS: Record<WebhookDelivery['status'], string> = { pending: 'Retrying', delivering: 'Sending', succeeded: 'Delivered', failed: 'Failed' };

function statusText(d: WebhookDelivery): string {
  if (d.status === 'pending' && d.attempts === 0) return 'Queued';
  const code = d.last_status_code ? ` · ${d.last_status_code}` : '';
  return `${STATUS_WORDS[d.status]}${code}`;
}

export function DeliveryLog() {
  const deliveries = useDeliveries();
  const endpoints = useEndpoints();
  const resend = useResendDelivery();
  const urlOf = (id: string) => endpoints.data?.find((e) => e.id === id)?.url ?? '';
  return (
    <Card>
      <CardHeader>
        <CardTitle>Delivery log</CardTitle>
        <CardDescription>The last 50 events sent. A failed delivery is retried 5 times over about 20 minutes; Resend sends it again now.</CardDescription>
      </CardHeader>
      <CardContent>
        {deliveries.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">Loading deliveries...</p>
        ) : !deliveries.data?.length ? (
          <p className="text-sm text-muted-foreground">Nothing sent yet. Send a test event to see one here.</p>
        ) : (
          <TableScroll label="Webhook deliveries">
            <table className="w-full text-sm">
              <caption className="sr-only">Webhook deliveries, newest first</caption>
              <thead className="text-left text-muted-foreground">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">Event</th>
                  <th scope="col" className="py-2 pr-3 font-medium">To</th>
                  <th scope="col" className="py-2 pr-3 font-medium">Status</th>
                  <th scope="col" className="py-2 pr-3 font-medium">Attempts</th>
                  <th scope="col" className="py-2 pr-3 font-medium">When</th>
                  <th scope="col" className="py-2 font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {deliveries.data.map((d) => (
                  <tr key={d.id} className="border-t align-top">
                    <td className="py-2 pr-3 font-mono text-xs">{d.event_type}</td>
                    <td className="py-2 pr-3">{hostOf(urlOf(d.endpoint_id))}</td>
                    <td className="py-2 pr-3">
                      <span className={d.status === 'failed' ? 'text-destructive' : d.status === 'succeeded' ? 'text-success' : undefined}>{statusText(d)}</span>
                      {d.last_error && d.status !== 'succeeded' && <p className="text-xs text-muted-foreground">{d.last_error}</p>}
                    </td>
                    <td className="py-2 pr-3 tabular-nums">{d.attempts}</td>
                    <td className="py-2 pr-3 whitespace-nowrap">{new Date(d.created_at).toLocaleString()}</td>
                    <td className="py-2">
                      <Button
                        size="sm"
                        variant="ghost"
                        disabled={resend.isPending}
                        onClick={() => resend.mutate(d.id, { onError: (e) => toast.error('Not sent again', { description: toAppError(e).message }) })}
                        aria-label={`Resend ${d.event_type} from ${new Date(d.created_at).toLocaleString()}`}
                      >
                        Resend
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </CardContent>
    </Card>
  );
}
