import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
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
          <Table label="Webhook deliveries" caption="Webhook deliveries, newest first">
            <TableHeader>
              <TableRow header>
                <TableHead className="pr-3">Event</TableHead>
                <TableHead className="pr-3">To</TableHead>
                <TableHead className="pr-3">Status</TableHead>
                <TableHead className="pr-3">Attempts</TableHead>
                <TableHead className="pr-3">When</TableHead>
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {deliveries.data.map((d) => (
                <TableRow key={d.id} className="align-top">
                  <TableCell className="pr-3 font-mono text-xs">{d.event_type}</TableCell>
                  <TableCell className="pr-3">{hostOf(urlOf(d.endpoint_id))}</TableCell>
                  <TableCell className="pr-3">
                    <span className={d.status === 'failed' ? 'text-destructive' : d.status === 'succeeded' ? 'text-success' : undefined}>{statusText(d)}</span>
                    {d.last_error && d.status !== 'succeeded' && <p className="text-xs text-muted-foreground">{d.last_error}</p>}
                  </TableCell>
                  <TableCell className="pr-3 tabular-nums">{d.attempts}</TableCell>
                  <TableCell className="pr-3 whitespace-nowrap">{new Date(d.created_at).toLocaleString()}</TableCell>
                  <TableCell>
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={resend.isPending}
                      onClick={() => resend.mutate(d.id, { onError: (e) => toast.error('Not sent again', { description: toAppError(e).message }) })}
                      aria-label={`Resend ${d.event_type} from ${new Date(d.created_at).toLocaleString()}`}
                    >
                      Resend
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
