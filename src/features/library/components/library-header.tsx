import { countOf } from '@/lib/format';
import { Coins } from 'lucide-react';
import { useCreditSummary } from '@/domains/credits/api';

export function LibraryHeader() {
  const { data } = useCreditSummary();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Content Library</h1>
        <p className="mt-1 text-xs font-semibold tracking-[0.18em] text-muted-foreground">YOUR GENERATED CONTENT ORGANIZED BY TYPE</p>
      </div>
      <p className="inline-flex w-fit items-center gap-2 rounded-full border bg-card px-3 py-1.5 text-sm font-medium" aria-live="polite">
        <Coins className="size-4 text-highlight" aria-hidden />
        {data ? `${countOf(data.total_credits, 'credit', 'credits')} remaining` : <span className="text-muted-foreground">Loading...</span>}
      </p>
    </div>
  );
}
