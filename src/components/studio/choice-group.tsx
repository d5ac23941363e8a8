import { Check } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { radioKeys } from './radio-keys';

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
  const keys = radioKeys(choices.filter((c) => !c.disabled).map((c) => c.value), value, onChange);
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
              aria-checked={checked}
              {...keys(choice.value)}
              disabled={disabled || choice.disabled}
              onClick={() => onChange(choice.value)}
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
