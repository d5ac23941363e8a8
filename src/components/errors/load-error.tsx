import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/**
 * What a list or a card says when its data could not be loaded: why, and Try again. `stacked` puts
 * the button under a longer message.
 */
export function LoadError({ children, onRetry, stacked = false }: { children: ReactNode; onRetry: () => unknown; stacked?: boolean }) {
  return (
    <div role="alert" className={cn('flex gap-3 text-sm', stacked ? 'flex-col items-start' : 'flex-wrap items-center')}>
      {stacked ? <p>{children}</p> : children}
      <Button size="sm" variant="outline" onClick={() => void onRetry()}>
        Try again
      </Button>
    </div>
  );
}
