import { RefreshCw, Send, Trash } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { toAppError } from '@/lib/errors';
import { useDeleteEndpoint, useRotateSecret, useSendTestEvent, useSetEndpointActive, type WebhookEndpoint } from '../../api/webhooks';
import type { ShownSecret } from './secret-dialog';

export function EndpointRow({ endpoint, onSecret }: { endpoint: WebhookEndpoint; onSecret: (s: ShownSecret) => void }) {
  const fail = (title: string) => (e: unknown) => toast.error(title, { description: toAppError(e).message });
  const toggle = useSetEndpointActive(endpoint.id);
  const test = useSendTestEvent(endpoint.id);
  const rotate = useRotateSecret(endpoint.id);
  const remove = useDeleteEndpoint(endpoint.id, () => toast.success('Webhook deleted'));
  const [confirming, setConfirming] = useState(false);

  return (
    <li className="grid gap-3 rounded-lg border p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-mono text-sm break-all">{endpoint.url}</p>
          {endpoint.description && <p className="text-sm text-muted-foreground">{endpoint.description}</p>}
        </div>
        <div className="flex items-center gap-2">
          <Checkbox id={`active-${endpoint.id}`} checked={endpoint.active} disabled={toggle.isPending} onCheckedChange={(c) => toggle.mutate(c === true, { onError: fail('Webhook not changed') })} />
          <Label htmlFor={`active-${endpoint.id}`} className="font-normal">
            Active
          </Label>
        </div>
      </div>
      <div className="flex flex-wrap gap-1.5">
        {endpoint.events.map((ev) => (
          <Badge key={ev} variant="secondary" className="font-mono text-xs">
            {ev}
          </Badge>
        ))}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={test.isPending || !endpoint.active}
          onClick={() => test.mutate(undefined, { onSuccess: () => toast.success('Test event sent', { description: 'Its delivery appears in the log below.' }), onError: fail('Test event not sent') })}
        >
          <Send aria-hidden /> Send test event
        </Button>
        <Button size="sm" variant="outline" disabled={rotate.isPending} onClick={() => rotate.mutate(undefined, { onSuccess: (r) => onSecret({ url: endpoint.url, secret: r.secret }), onError: fail('Secret not changed') })}>
          <RefreshCw aria-hidden /> New secret
        </Button>
        {confirming ? (
          <>
            <Button size="sm" variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate(undefined, { onError: fail('Webhook not deleted') })}>
              Delete this webhook
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </>
        ) : (
          <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
            <Trash aria-hidden /> Delete
          </Button>
        )}
      </div>
    </li>
  );
}
