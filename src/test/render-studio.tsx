import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { Toaster } from '@/components/ui/sonner';
import { TooltipProvider } from '@/components/ui/tooltip';
import { createQueryClient } from '@/lib/query-client';

/** A studio screen with what the dashboard shell gives it: a fresh query cache, tooltips and toasts. */
export function renderStudio(screen: ReactElement) {
  const wrap = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={createQueryClient()}>
      <TooltipProvider>
        {children}
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
  return render(screen, { wrapper: wrap });
}
