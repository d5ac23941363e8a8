import { LockKeyhole } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** What a signed-out visitor sees anywhere under /dashboard. */
export function SignInPrompt() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 rounded-2xl border bg-card px-6 py-12 text-center shadow-xs sm:mt-12">
      <span aria-hidden className="grid size-12 place-items-center rounded-full bg-primary/10 text-primary">
        <LockKeyhole className="size-6" />
      </span>
      <h1 className="text-2xl font-semibold">Dashboard</h1>
      <p className="text-muted-foreground">Please sign in to access the dashboard</p>
      <Button asChild size="lg" className="mt-2 min-w-40">
        <Link to={paths.login}>Sign In</Link>
      </Button>
    </div>
  );
}
