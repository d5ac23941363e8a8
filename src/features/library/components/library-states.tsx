import { FolderOpen, Loader2 } from 'lucide-react';
import { Button } from '@/components/ui/button';

export function LibraryLoading() {
  return (
    <div role="status" className="flex flex-col items-center justify-center gap-3 py-24 text-muted-foreground">
      <Loader2 className="size-8 animate-spin" aria-hidden />
      <p>Loading content...</p>
    </div>
  );
}

export function LibraryEmpty({ message }: { message: string }) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed px-6 py-20 text-center">
      <FolderOpen className="size-10 text-muted-foreground" aria-hidden />
      <h2 className="text-lg font-semibold">No content found</h2>
      <p className="max-w-md text-sm text-muted-foreground">{message}</p>
    </div>
  );
}

export function LibraryError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center justify-center gap-3 rounded-xl border border-destructive/40 px-6 py-16 text-center">
      <h2 className="text-lg font-semibold">Could not load your content</h2>
      <p className="max-w-md text-sm text-muted-foreground">{message}</p>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
