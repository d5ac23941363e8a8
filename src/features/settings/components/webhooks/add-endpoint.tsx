import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toAppError } from '@/lib/errors';
import { useCreateWebhookEndpoint } from '../../api/webhooks';
import type { WebhookEvent } from '../../webhook-events';
import { EventChoices } from './event-choices';
import type { ShownSecret } from './secret-dialog';

export function AddEndpoint({ onCreated }: { onCreated: (s: ShownSecret) => void }) {
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['generation.completed', 'generation.failed']);
  const [error, setError] = useState<string>();
  const create = useCreateWebhookEndpoint();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!url.trim()) return setError('Enter the URL that should receive the events');
    if (events.length === 0) return setError('Choose at least one event');
    create.mutate(
      { url: url.trim(), events, description },
      {
        onSuccess: (result) => {
          setUrl('');
          setDescription('');
          setError(undefined);
          onCreated({ url: result.endpoint.url, secret: result.secret });
        },
        onError: (e) => setError(toAppError(e).message),
      },
    );
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
