import { Loader2, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/** While the picked files are read and checked: what is being done, and what that means. */
export function FileChecking({ title, hint }: { title: ReactNode; hint: string }) {
  return (
    <div role="status" className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-10 text-center">
      <Loader2 className="size-6 animate-spin text-primary" aria-hidden />
      <p className="font-medium">{title}</p>
      <p className="text-sm text-muted-foreground">{hint}</p>
    </div>
  );
}

/** Why the picked files were refused (too large, not an image…), with Try Again to pick others. */
export function FileError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-destructive/40 bg-destructive/10 p-4 text-sm">
      <p className="text-destructive">
        <span className="font-semibold">Error:</span> {message}
      </p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCcw /> Try Again
      </Button>
    </div>
  );
}
