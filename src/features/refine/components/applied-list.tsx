import { CheckCircle2 } from 'lucide-react';
import { ResultWarnings } from '@/components/studio/result-warnings';
import { Badge } from '@/components/ui/badge';
import type { RefinedImage } from '../types';

/** What the last run applied, the words of a custom instruction it could not act on, and what to know before using it. */
export function AppliedList({ image }: { image: RefinedImage }) {
  return (
    <section aria-labelledby="applied-title" className="flex flex-col gap-2 rounded-lg border bg-muted/40 p-3 text-sm">
      <h2 id="applied-title" className="flex items-center gap-2 font-medium">
        <CheckCircle2 className="size-4 text-success" aria-hidden /> What was applied
      </h2>
      {image.applied.length > 0 ? (
        <ul className="flex min-w-0 flex-wrap gap-1.5" aria-label="Applied operations">
          {image.applied.map((op) => (
            <li key={op}>
              {/* Long operations wrap inside their chip instead of running out of the card. */}
              <Badge variant="secondary" className="max-w-full whitespace-normal break-words">
                {op}
              </Badge>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted-foreground">
          {image.savedToStorage ? 'The refine service did not list its operations.' : 'The image came back from an external tool as a file: it is shown here but not saved to your library.'}
        </p>
      )}
      <ResultWarnings warnings={image.warnings} />
      {image.ignored.length > 0 && (
        <p className="text-muted-foreground">
          Not understood, so not applied: <span className="font-medium text-foreground">{image.ignored.map((w) => `“${w}”`).join(', ')}</span>
        </p>
      )}
    </section>
  );
}
