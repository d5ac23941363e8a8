import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** The way back from an account screen outside the dashboard shell (Settings, Billing). */
export function BackToDashboard() {
  return (
    <Button asChild variant="outline">
      <Link to={paths.dashboard.home}>
        <ArrowLeft aria-hidden /> Dashboard
      </Link>
    </Button>
  );
}
