import { X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import type { LibraryImage } from '@/domains/library/library-input';
import { platformName, type SocialPlatform } from '@/domains/social/platforms';

/** One proposed post: an item on one account. */
export interface Row {
  key: string;
  item: LibraryImage;
  accountId: string;
  platform: SocialPlatform;
  /** datetime-local */
  at: string;
  caption: string;
}

interface Props {
  rows: Row[];
  /** What each row's platform or the schedule refuses, by the row's key. */
  problems: Map<string, string[]>;
  onUpdate: (key: string, patch: Partial<Row>) => void;
  onRemove: (key: string) => void;
}

/** The proposed posts, each with its time and caption to edit, what is wrong with it, and Remove. */
export function PlanWeekSchedule({ rows, problems, onUpdate, onRemove }: Props) {
  return (
    <section aria-label="Proposed schedule" className="flex flex-col gap-3">
      <h3 className="text-sm font-medium">
        {rows.length} {rows.length === 1 ? 'post' : 'posts'} proposed
      </h3>
      <ol className="flex flex-col gap-3">
        {rows.map((r) => {
          const issues = problems.get(r.key) ?? [];
          const label = `${r.item.name} on ${platformName(r.platform)}`;
          return (
            <li key={r.key} className="flex flex-col gap-2 rounded-lg border p-3" aria-label={label}>
              <div className="flex flex-wrap items-center gap-2">
                {r.item.thumbnailUrl && <img src={r.item.thumbnailUrl} alt="" className="size-10 rounded object-cover" />}
                {/* The platform on a line of its own: a long name truncates, never the platform. */}
                <div className="min-w-0 flex-1 text-sm">
                  <p className="truncate font-medium">{r.item.name}</p>
                  <p className="text-muted-foreground">{platformName(r.platform)}</p>
                </div>
                <div className="flex items-center gap-1">
                  <Input type="datetime-local" aria-label={`Time of ${label}`} value={r.at} onChange={(e) => onUpdate(r.key, { at: e.target.value })} className="w-auto" />
                  <Button variant="ghost" size="icon" aria-label={`Remove ${label}`} onClick={() => onRemove(r.key)}>
                    <X />
                  </Button>
                </div>
              </div>
              <Textarea aria-label={`Caption of ${label}`} value={r.caption} rows={3} onChange={(e) => onUpdate(r.key, { caption: e.target.value })} className="break-words" />
              {issues.map((m) => (
                <p key={m} className="text-sm text-destructive">
                  {m}
                </p>
              ))}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
