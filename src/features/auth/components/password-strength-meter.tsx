import { cn } from '@/lib/utils';
import { passwordScore, passwordStrengthLabel } from '@/lib/auth/password-strength';

const TONE = { Weak: 'bg-destructive', Medium: 'bg-highlight', Strong: 'bg-success' } as const;

/** Five segments, one per rule met, and the Weak / Medium / Strong label (docs/spec.md §4). */
export function PasswordStrengthMeter({ password, id }: { password: string; id?: string }) {
  if (!password) return null;
  const score = passwordScore(password);
  const label = passwordStrengthLabel(score);
  return (
    <div id={id} className="grid gap-1.5">
      <div className="flex gap-1" aria-hidden>
        {[0, 1, 2, 3, 4].map((i) => (
          <span key={i} className={cn('h-1.5 flex-1 rounded-full bg-muted transition-colors', i < score && TONE[label])} />
        ))}
      </div>
      <p className="text-xs text-muted-foreground" aria-live="polite">
        Password strength: <span className="font-medium text-foreground">{label}</span>
      </p>
    </div>
  );
}
