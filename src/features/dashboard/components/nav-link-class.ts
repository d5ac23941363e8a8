import { cn } from '@/lib/utils';

/** The look of a sidebar entry, active or not. */
export const navLinkClass = (isActive: boolean) =>
  cn(
    'group flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-sidebar-foreground/80 transition-colors hover:bg-sidebar-accent hover:text-sidebar-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
    isActive && 'bg-sidebar-accent text-sidebar-foreground',
  );
