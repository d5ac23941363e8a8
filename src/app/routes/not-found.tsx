import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { logError } from '@/lib/logger';

/** docs/spec.md §2: 404, 'Oops! Page not found', a link to '/', and the 404 logged as an error. */
export default function NotFoundRoute() {
  const location = useLocation();

  useEffect(() => {
    logError('404 Error: User attempted to access non-existent route', { severity: 'medium', category: 'system', path: location.pathname });
  }, [location.pathname]);

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <p className="bg-gradient-to-br from-primary to-primary/50 bg-clip-text text-8xl font-bold tracking-tighter text-transparent">404</p>
      <h1 className="text-xl font-medium text-muted-foreground">Oops! Page not found</h1>
      <Link to={paths.home} className={buttonVariants({ variant: 'outline' })}>
        Return to Home
      </Link>
    </main>
  );
}
