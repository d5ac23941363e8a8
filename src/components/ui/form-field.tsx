import type { ReactNode } from 'react';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

/** A label, the control, then its error text (referenced by the control's aria-describedby). */
export function FormField({ id, label, error, children, className, hint }: { id: string; label: ReactNode; error?: string; children: ReactNode; className?: string; hint?: ReactNode }) {
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint}
      {error && (
        <p id={errorId(id)} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

export const errorId = (id: string) => `${id}-error`;

/** aria props for a control whose error is shown by FormField. */
export function fieldAria(id: string, error: string | undefined) {
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId(id) : undefined } as const;
}
