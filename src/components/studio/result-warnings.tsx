import { AlertTriangle } from 'lucide-react';

/** What the user should look at before publishing a result, each as a note beside its checks. */
export function ResultWarnings({ warnings }: { warnings: readonly string[] }) {
  return warnings.map((warning) => (
    <p key={warning} className="flex items-start gap-2 text-amber-700 dark:text-amber-400">
      <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span className="min-w-0 break-words">
        <span className="sr-only">Note: </span>
        {warning}
      </span>
    </p>
  ));
}
