import { Check } from 'lucide-react';
import { cn } from '@/lib/utils';

export const WIZARD_STEPS = ['Personal Info', 'Company Details', 'Complete'] as const;

/** The three-step indicator of the sign-up wizard. Labels are never cut: the connecting lines give way. */
export function WizardProgress({ step }: { step: number }) {
  return (
    <ol aria-label="Sign-up progress" className="flex items-center gap-1.5">
      {WIZARD_STEPS.map((label, index) => {
        const done = index < step;
        const current = index === step;
        return (
          <li key={label} aria-current={current ? 'step' : undefined} className={cn('flex items-center gap-1.5', current ? 'flex-1' : 'sm:flex-1')}>
            <span
              className={cn(
                'grid size-7 shrink-0 place-items-center rounded-full border text-xs font-semibold transition-colors',
                done && 'border-primary bg-primary text-primary-foreground',
                current && 'border-primary text-primary ring-4 ring-primary/15',
                !done && !current && 'text-muted-foreground',
              )}
            >
              {done ? <Check className="size-3.5" aria-hidden /> : index + 1}
            </span>
            <span className={cn('text-xs font-medium whitespace-nowrap sm:whitespace-nowrap', current ? 'text-foreground' : 'sr-only text-muted-foreground sm:not-sr-only')}>
              {label}
              {done && <span className="sr-only"> (done)</span>}
            </span>
            {index < WIZARD_STEPS.length - 1 && <span aria-hidden className={cn('hidden h-px min-w-3 flex-1 sm:block', done ? 'bg-primary' : 'bg-border')} />}
          </li>
        );
      })}
    </ol>
  );
}
