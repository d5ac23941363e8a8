import { Film } from 'lucide-react';

/** Loading: three pulsing dots (docs/spec.md §4). */
export function CarouselLoading() {
  return (
    <div role="status" className="flex h-[455px] items-center justify-center gap-2">
      {[0, 150, 300].map((delay) => (
        <span key={delay} className="size-3 animate-pulse rounded-full bg-primary" style={{ animationDelay: `${delay}ms` }} />
      ))}
      <span className="sr-only">Loading videos</span>
    </div>
  );
}

export function CarouselEmpty() {
  return (
    <div className="mx-auto flex h-[280px] max-w-md flex-col items-center justify-center gap-3 rounded-2xl border border-dashed text-center">
      <Film className="size-8 text-muted-foreground" aria-hidden />
      <p className="text-sm text-muted-foreground">No media content available</p>
    </div>
  );
}
