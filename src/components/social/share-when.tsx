import { Input } from '@/components/ui/input';

interface WhenFieldProps {
  name: string;
  when: 'now' | 'later';
  onWhen: (when: 'now' | 'later') => void;
  /** The time, as a datetime-local input holds it. */
  at: string;
  earliest: string;
  onAt: (at: string) => void;
}

/** Post now, or at a time (no earlier than a few minutes from now). */
export function WhenField({ name, when, onWhen, at, earliest, onAt }: WhenFieldProps) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium">When</legend>
      <div className="flex flex-wrap items-center gap-4 text-sm">
        <label className="flex items-center gap-2">
          <input type="radio" name={name} checked={when === 'now'} onChange={() => onWhen('now')} className="size-4 accent-primary" /> Post now
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name={name} checked={when === 'later'} onChange={() => onWhen('later')} className="size-4 accent-primary" /> Schedule
        </label>
        {when === 'later' && (
          <Input type="datetime-local" aria-label="Post at" value={at} min={earliest} onChange={(e) => onAt(e.target.value)} className="w-auto" />
        )}
      </div>
    </fieldset>
  );
}
