import { CheckCircle2, XCircle } from 'lucide-react';
import { ResultWarnings } from '@/components/studio/result-warnings';
import type { LightboxImage } from '../types';

export const NOT_CHARGED = 'Not charged: the credits for this image were refunded because its cut-out is doubtful.';

/** Each marketplace rule the result was checked against, passed or failed, and what the description became. */
export function ComplianceList({ image }: { image: LightboxImage }) {
  return (
    <section aria-label={`${image.output} checks`} className="flex flex-col gap-2 rounded-lg border bg-muted/40 p-3 text-sm">
      <h2 className="font-medium">{image.output}</h2>
      <ResultWarnings warnings={image.warnings} />
      {image.notCharged && <p className="text-muted-foreground">{NOT_CHARGED}</p>}
      {image.compliance.length > 0 ? (
        <ul className="flex flex-col gap-1" aria-label="Marketplace rules">
          {image.compliance.map((check) => (
            <li key={check.rule} className="flex items-start gap-2">
              {check.passed ? <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-label="Passed" /> : <XCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-label="Failed" />}
              <span>
                {check.rule} <span className="text-muted-foreground">— {check.detail}</span>
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted-foreground">This size has no marketplace rules to check.</p>
      )}
      {image.used.length > 0 && <p className="text-muted-foreground">Used: {image.used.join(', ')}</p>}
      {image.ignored.length > 0 && (
        <p className="text-muted-foreground">
          Not understood, so not used: <span className="font-medium text-foreground">{image.ignored.map((w) => `“${w}”`).join(', ')}</span>
        </p>
      )}
    </section>
  );
}
