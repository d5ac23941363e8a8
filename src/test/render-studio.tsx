import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
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

/** A studio screen opened at `path` among its routes (path → element): for a screen that reads the URL or sends the user on. */
export function renderStudioAt(path: string, routes: Record<string, ReactElement>) {
  return renderStudio(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        {Object.entries(routes).map(([route, element]) => (
          <Route key={route} path={route} element={element} />
        ))}
      </Routes>
    </MemoryRouter>,
  );
}
