import { Check } from 'lucide-react';
import { useId, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '@/lib/utils';

export interface Choice<V extends string> {
  value: V;
  label: string;
  hint?: ReactNode;
  disabled?: boolean;
}

interface Props<V extends string> {
  label: string;
  choices: readonly Choice<V>[];
  value: V;
  disabled?: boolean;
  onChange: (value: V) => void;
  className?: string;
}

/**
 * A studio option as a set of radio cards (a preset, a backdrop, a marketplace size). Arrow keys
 * move between choices as in a native radio group; only the chosen card is in the tab order.
 */
export function ChoiceGroup<V extends string>({ label, choices, value, disabled, onChange, className }: Props<V>) {
  const labelId = useId();
  const enabled = choices.filter((c) => !c.disabled);
  const move = (event: KeyboardEvent<HTMLButtonElement>, from: V) => {
    const step = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : 0;
    if (!step || enabled.length === 0) return;
    event.preventDefault();
    const at = enabled.findIndex((c) => c.value === from);
    const next = enabled[(at + step + enabled.length) % enabled.length]!;
    onChange(next.value);
    const group = event.currentTarget.closest('[role="radiogroup"]');
    requestAnimationFrame(() => group?.querySelector<HTMLButtonElement>(`[data-value="${next.value}"]`)?.focus());
  };
  return (
    <div className="flex flex-col gap-2">
      <span id={labelId} className="text-sm font-medium">
        {label}
      </span>
      <div role="radiogroup" aria-labelledby={labelId} className={cn('grid grid-cols-2 gap-2', className)}>
        {choices.map((choice) => {
          const checked = choice.value === value;
          return (
            <button
              key={choice.value}
              type="button"
              role="radio"
              data-value={choice.value}
              aria-checked={checked}
              tabIndex={checked ? 0 : -1}
              disabled={disabled || choice.disabled}
              onClick={() => onChange(choice.value)}
              onKeyDown={(e) => move(e, choice.value)}
              className={cn(
                'flex flex-col items-start gap-0.5 rounded-lg border p-2.5 text-left text-sm transition-colors outline-none hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50',
                checked && 'border-primary bg-primary/5 ring-1 ring-primary',
              )}
            >
              <span className="flex items-center gap-1.5 font-medium">
                {checked && <Check className="size-4 text-primary" aria-hidden />}
                {choice.label}
              </span>
              {choice.hint && <span className="text-xs text-muted-foreground">{choice.hint}</span>}
            </button>
          );
        })}
      </div>
    </div>
  );
}
