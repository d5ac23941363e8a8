import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { Toaster } from '@/components/ui/sonner';
import { TooltipProvider } from '@/components/ui/tooltip';
import { createQueryClient } from '@/lib/query-client';

/**
 * A studio screen with what the dashboard shell gives it: a fresh query cache, tooltips, toasts,
 * and a router (unless the test brings its own MemoryRouter with routes).
 */
export function renderStudio(screen: ReactElement) {
  const routed = screen.type === MemoryRouter;
  const wrap = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={createQueryClient()}>
      <TooltipProvider>
        {routed ? children : <MemoryRouter>{children}</MemoryRouter>}
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
  return render(screen, { wrapper: wrap });
}
