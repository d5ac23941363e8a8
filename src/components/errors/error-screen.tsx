import { AlertTriangle, RefreshCw, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/** The 'Something went wrong' screen shared by the top-level and route error boundaries. */
export function ErrorScreen({ message, onRetry, children }: { message?: string; onRetry?: () => void; children?: ReactNode }) {
  return (
    <div role="alert" className="mx-auto flex min-h-[60dvh] w-full max-w-md flex-col items-center justify-center gap-4 px-6 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-destructive/10 text-destructive">
        <AlertTriangle className="size-6" aria-hidden />
      </span>
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="text-sm text-muted-foreground">{message ?? 'An unexpected error occurred. Please refresh the page.'}</p>
      {children}
      <div className="flex flex-wrap justify-center gap-2">
        {onRetry && (
          <Button onClick={onRetry}>
            <RotateCcw /> Try Again
          </Button>
        )}
        <Button variant="outline" onClick={() => window.location.reload()}>
          <RefreshCw /> Refresh Page
        </Button>
      </div>
    </div>
  );
}
