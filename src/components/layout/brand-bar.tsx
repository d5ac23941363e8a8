import { Link } from 'react-router-dom';
import { ThemeToggle } from '@/components/theme-toggle';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';
import { BrandLogo } from './brand-logo';

/** The top row of the public, non-landing pages: the brand (a link home) and the theme toggle. */
export function BrandBar({ className }: { className?: string }) {
  return (
    <div className={cn('flex h-16 items-center justify-between', className)}>
      <Link to={paths.home} className="rounded-md focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none">
        <BrandLogo />
      </Link>
      <ThemeToggle />
    </div>
  );
}
