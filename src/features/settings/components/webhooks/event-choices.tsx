import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { WEBHOOK_EVENTS, type WebhookEvent } from '../../webhook-events';

export function EventChoices({ value, onChange, idPrefix }: { value: WebhookEvent[]; onChange: (next: WebhookEvent[]) => void; idPrefix: string }) {
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
