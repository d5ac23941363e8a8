import { useCallback, useRef } from 'react';
import { RefineErrorBoundary, type StudioContext } from './refine-error-boundary';
import { RefineStudio } from './refine-studio';

/** The route's screen: the studio inside its own error boundary, which reports what it was doing. */
export function RefineStudioPage() {
  const context = useRef<StudioContext>({});
  const onContextChange = useCallback((next: StudioContext) => {
    context.current = next;
  }, []);
  return (
    <RefineErrorBoundary context={context}>
      <RefineStudio onContextChange={onContextChange} />
    </RefineErrorBoundary>
  );
}
