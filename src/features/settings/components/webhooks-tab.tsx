import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Copy, Plus, RefreshCw, Send, Trash } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { TableScroll } from '@/components/ui/table-scroll';
import { toAppError } from '@/lib/errors';
import {
  createEndpoint,
  deleteEndpoint,
  resendDelivery,
  rotateSecret,
  sendTestEvent,
  setEndpointActive,
  useDeliveries,
  useEndpoints,
  webhookKeys,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '../api/webhooks';
import { WEBHOOK_EVENTS, type WebhookEvent } from '../webhook-events';
import { AutomationEndpoints } from './automation-endpoints';

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/** Settings → Webhooks: outgoing webhooks, their delivery log, and the studio automation endpoints. */
export function WebhooksTab() {
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] max-w-4xl gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Outgoing webhooks</CardTitle>
          <CardDescription>
            Shotcraft POSTs a signed JSON event to your URL (Zapier, n8n, Make, your shop) when a generation finishes or fails, a post is published or fails, or your credits run low.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <EndpointList onSecret={setSecret} />
          <AddEndpoint onCreated={setSecret} />
        </CardContent>
      </Card>
      <DeliveryLog />
      <VerifyingSignatures />
      <AutomationEndpoints />
      <Dialog open={secret !== null} onOpenChange={(open) => !open && setSecret(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Signing secret</DialogTitle>
            <DialogDescription>For {secret ? hostOf(secret.url) : ''}. Copy it now: it is shown only once. Use it to check the Shotcraft-Signature header of every request.</DialogDescription>
          </DialogHeader>
          <div className="flex gap-2">
            <Input readOnly value={secret?.secret ?? ''} aria-label="Signing secret" className="font-mono text-xs" onFocus={(e) => e.target.select()} />
            <Button
              type="button"
              variant="outline"
              onClick={() => {
                void navigator.clipboard?.writeText(secret?.secret ?? '').then(
                  () => toast.success('Secret copied'),
                  () => toast.error('Copy failed: select the secret and copy it by hand'),
                );
              }}
            >
              <Copy aria-hidden /> Copy
            </Button>
          </div>
          <DialogFooter>
            <Button onClick={() => setSecret(null)}>Done</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}

function EventChoices({ value, onChange, idPrefix }: { value: WebhookEvent[]; onChange: (next: WebhookEvent[]) => void; idPrefix: string }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">Events</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {WEBHOOK_EVENTS.map((e) => (
          <div key={e.id} className="flex items-center gap-2">
            <Checkbox
              id={`${idPrefix}-${e.id}`}
              checked={value.includes(e.id)}
              onCheckedChange={(checked) => onChange(checked === true ? [...value, e.id] : value.filter((v) => v !== e.id))}
            />
            <Label htmlFor={`${idPrefix}-${e.id}`} className="font-normal">
              {e.label} <code className="text-xs text-muted-foreground">{e.id}</code>
            </Label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

function AddEndpoint({ onCreated }: { onCreated: (s: { url: string; secret: string }) => void }) {
  const queryClient = useQueryClient();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['generation.completed', 'generation.failed']);
  const [error, setError] = useState<string>();
  const create = useMutation({
    mutationFn: () => createEndpoint({ url: url.trim(), events, description }),
    onSuccess: async (result) => {
      setUrl('');
      setDescription('');
      setError(undefined);
      await queryClient.invalidateQueries({ queryKey: webhookKeys.all });
      onCreated({ url: result.endpoint.url, secret: result.secret });
    },
    onError: (e) => setError(toAppError(e).message),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!url.trim()) return setError('Enter the URL that should receive the events');
    if (events.length === 0) return setError('Choose at least one event');
    create.mutate();
  };
  return (
    <form onSubmit={submit} className="grid gap-4 rounded-lg border border-dashed p-4" noValidate aria-label="Add a webhook">
      <FormField id="webhook-url" label="Endpoint URL" error={error}>
        <Input id="webhook-url" type="url" inputMode="url" placeholder="https://hooks.example.com/shotcraft" value={url} onChange={(e) => setUrl(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? 'webhook-url-error' : undefined} />
      </FormField>
      <FormField id="webhook-description" label="Description (optional)">
        <Input id="webhook-description" maxLength={200} placeholder="e.g. n8n: post new images to the shop" value={description} onChange={(e) => setDescription(e.target.value)} />
      </FormField>
      <EventChoices value={events} onChange={setEvents} idPrefix="new-event" />
      <div>
        <Button type="submit" disabled={create.isPending}>
          <Plus aria-hidden /> {create.isPending ? 'Adding...' : 'Add webhook'}
        </Button>
      </div>
    </form>
  );
}

function EndpointList({ onSecret }: { onSecret: (s: { url: string; secret: string }) => void }) {
  const endpoints = useEndpoints();
  if (endpoints.isPending) return <p role="status" className="text-sm text-muted-foreground">Loading webhooks...</p>;
  if (!endpoints.data?.length) return <p className="text-sm text-muted-foreground">No webhooks yet. Add one below.</p>;
  return (
    <ul className="grid gap-3" aria-label="Webhooks">
      {endpoints.data.map((e) => (
        <EndpointRow key={e.id} endpoint={e} onSecret={onSecret} />
      ))}
    </ul>
  );
}

function EndpointRow({ endpoint, onSecret }: { endpoint: WebhookEndpoint; onSecret: (s: { url: string; secret: string }) => void }) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhookKeys.all });
  const fail = (title: string) => (e: unknown) => toast.error(title, { description: toAppError(e).message });
  const toggle = useMutation({ mutationFn: (active: boolean) => setEndpointActive(endpoint.id, active), onSuccess: refresh, onError: fail('Webhook not changed') });
  const test = useMutation({
    mutationFn: () => sendTestEvent(endpoint.id),
    onSuccess: async () => {
      await refresh();
      toast.success('Test event sent', { description: 'Its delivery appears in the log below.' });
    },
    onError: fail('Test event not sent'),
  });
  const rotate = useMutation({ mutationFn: () => rotateSecret(endpoint.id), onSuccess: (r) => onSecret({ url: endpoint.url, secret: r.secret }), onError: fail('Secret not changed') });
  const remove = useMutation({
    mutationFn: () => deleteEndpoint(endpoint.id),
    onSuccess: async () => {
      await refresh();
      toast.success('Webhook deleted');
    },
    onError: fail('Webhook not deleted'),
  });
  const [confirming, setConfirming] = useState(false);

  return (
    <li className="grid gap-3 rounded-lg border p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-mono text-sm break-all">{endpoint.url}</p>
          {endpoint.description && <p className="text-sm text-muted-foreground">{endpoint.description}</p>}
        </div>
        <div className="flex items-center gap-2">
          <Checkbox id={`active-${endpoint.id}`} checked={endpoint.active} disabled={toggle.isPending} onCheckedChange={(c) => toggle.mutate(c === true)} />
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
        <Button size="sm" variant="outline" disabled={test.isPending || !endpoint.active} onClick={() => test.mutate()}>
          <Send aria-hidden /> Send test event
        </Button>
        <Button size="sm" variant="outline" disabled={rotate.isPending} onClick={() => rotate.mutate()}>
          <RefreshCw aria-hidden /> New secret
        </Button>
        {confirming ? (
          <>
            <Button size="sm" variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate()}>
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

const STATUS_WORDS: Record<WebhookDelivery['status'], string> = { pending: 'Retrying', delivering: 'Sending', succeeded: 'Delivered', failed: 'Failed' };

function statusText(d: WebhookDelivery): string {
  if (d.status === 'pending' && d.attempts === 0) return 'Queued';
  const code = d.last_status_code ? ` · ${d.last_status_code}` : '';
  return `${STATUS_WORDS[d.status]}${code}`;
}

function DeliveryLog() {
  const queryClient = useQueryClient();
  const deliveries = useDeliveries();
  const endpoints = useEndpoints();
  const resend = useMutation({
    mutationFn: (id: string) => resendDelivery(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries() }),
    onError: (e) => toast.error('Not sent again', { description: toAppError(e).message }),
  });
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
                      <Button size="sm" variant="ghost" disabled={resend.isPending} onClick={() => resend.mutate(d.id)} aria-label={`Resend ${d.event_type} from ${new Date(d.created_at).toLocaleString()}`}>
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

const VERIFY_SNIPPET = `import { createHmac, timingSafeEqual } from 'node:crypto';

// header: the Shotcraft-Signature request header; body: the raw request body
function isFromShotcraft(header, body, secret) {
  const { t, v1 } = Object.fromEntries(header.split(',').map((p) => p.split('=')));
  if (Math.abs(Date.now() / 1000 - Number(t)) > 300) return false; // older than 5 minutes
  const expected = createHmac('sha256', secret).update(\`\${t}.\${body}\`).digest();
  const given = Buffer.from(v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}`;

function VerifyingSignatures() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Verifying a request</CardTitle>
        <CardDescription>
          Every request carries <code>Shotcraft-Signature: t=…,v1=…</code>: an HMAC-SHA256 of the timestamp, a dot and the raw body, keyed with the endpoint&apos;s secret. The event&apos;s type and id
          are in <code>Shotcraft-Event</code> and <code>Shotcraft-Event-Id</code> (the id stays the same when an event is resent, so you can ignore repeats).
        </CardDescription>
      </CardHeader>
      <CardContent>
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- on a phone the code scrolls sideways: a scrollable region must be reachable by keyboard */}
        <pre tabIndex={0} role="region" aria-label="Signature check in Node.js" className="overflow-x-auto rounded-md bg-muted p-4 text-xs focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none">
          <code>{VERIFY_SNIPPET}</code>
        </pre>
      </CardContent>
    </Card>
  );
}
