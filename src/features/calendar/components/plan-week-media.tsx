import { ImagePlus, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { LibraryImage } from '@/domains/library/library-input';

/** The library items picked for the week, each removable, and the button that opens the picker. */
export function PlanWeekMedia({ items, max, onChoose, onRemove }: { items: LibraryImage[]; max: number; onChoose: () => void; onRemove: (id: string) => void }) {
  return (
    <section className="flex flex-col gap-2" aria-label="Media">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-medium">
          Media <span className="font-normal text-muted-foreground">({items.length} of up to {max})</span>
        </h3>
        <Button variant="outline" size="sm" onClick={onChoose}>
          <ImagePlus aria-hidden /> {items.length ? 'Change media' : 'Choose from library'}
        </Button>
      </div>
      {items.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {items.map((item) => (
            <li key={item.id} className="flex min-w-0 max-w-full items-center gap-2 rounded-md border px-2 py-1 text-sm">
              {item.thumbnailUrl && <img src={item.thumbnailUrl} alt="" className="size-8 rounded object-cover" />}
              <span className="min-w-0 truncate">{item.name}</span>
              <Button variant="ghost" size="icon" className="size-6" aria-label={`Remove ${item.name}`} onClick={() => onRemove(item.id)}>
                <X />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
