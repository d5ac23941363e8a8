import { ArrowLeft, Hammer } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';

/**
 * A screen whose issue has not landed yet. It says so plainly and links back (dashboard or home);
 * the README's status table lists every screen that still shows this panel.
 */
export function ComingSoon({ title, description, children }: { title: string; description?: string; children?: ReactNode }) {
  const { user } = useAuth();
  return (
    <section aria-labelledby="coming-soon-title" className="mx-auto flex w-full max-w-xl flex-col items-center gap-4 rounded-2xl border border-dashed bg-card/50 px-6 py-14 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-accent text-accent-foreground">
        <Hammer className="size-5" aria-hidden />
      </span>
      <h1 id="coming-soon-title" className="text-2xl font-semibold">
        {title}
      </h1>
      <p className="text-sm text-muted-foreground">{description ?? 'This screen is coming soon.'}</p>
      <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Coming soon</p>
      {children}
      {/* Never a dead end: back to where the user came from in the app. */}
      <Button asChild variant="outline" size="sm">
        <Link to={user ? paths.dashboard.home : paths.home}>
          <ArrowLeft aria-hidden /> {user ? 'Back to dashboard' : 'Back to home'}
        </Link>
      </Button>
    </section>
  );
}
