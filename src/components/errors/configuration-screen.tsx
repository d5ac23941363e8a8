import { Settings2 } from 'lucide-react';
import { BRAND } from '@/config/brand';
import type { EnvProblem } from '@/lib/env';

/**
 * Shown instead of the app when the build's environment is missing or malformed, so a
 * misconfigured deploy explains itself rather than rendering a blank page.
 */
export function ConfigurationScreen({ problems }: { problems: EnvProblem[] }) {
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col justify-center gap-6 px-6 py-12">
      <div className="flex items-center gap-3">
        <span className="grid size-11 place-items-center rounded-full bg-highlight/20 text-highlight-foreground dark:text-highlight">
          <Settings2 className="size-5" aria-hidden />
        </span>
        <div>
          <p className="text-xs font-medium tracking-[0.18em] text-muted-foreground">{BRAND.name.toUpperCase()}</p>
          <h1 className="text-2xl font-semibold">Configuration needed</h1>
        </div>
      </div>
      <p className="text-sm text-muted-foreground">
        The app cannot start because some settings are missing or invalid. Set them in <code className="rounded bg-muted px-1">.env</code>{' '}
        (see <code className="rounded bg-muted px-1">.env.example</code>) or run <code className="rounded bg-muted px-1">npm run dev</code>, which
        starts the local backend and fills them in.
      </p>
      <ul className="divide-y rounded-xl border bg-card" aria-label="Configuration problems">
        {problems.map((p) => (
          <li key={p.name} className="flex flex-col gap-0.5 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
            <code className="text-sm font-medium">{p.name}</code>
            <span className="text-sm text-destructive">{p.message}</span>
          </li>
        ))}
      </ul>
    </main>
  );
}
