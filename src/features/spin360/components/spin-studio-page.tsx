import { useCallback, useRef, type ErrorInfo } from 'react';
import { StudioErrorBoundary } from '@/components/studio/studio-error-boundary';
import { reportStudioError } from '@/domains/jobs/report-studio-error';
import { SpinStudio, type SpinContext } from './spin-studio';

const SUGGESTIONS = ['Reload the page and choose the photos again', 'Try fewer photos, or one video', 'Check your connection, then try again'];

/** The route's screen: the studio inside its own error boundary, which reports what it was doing. */
export function SpinStudioPage() {
  const context = useRef<SpinContext>({});
  const onContextChange = useCallback((next: SpinContext) => {
    context.current = next;
  }, []);
  const report = (error: Error, info: ErrorInfo) =>
    reportStudioError('360° Spin Studio', error, info.componentStack, {
      files: context.current.files ?? 0,
      source: context.current.source ?? null,
      is_generating: context.current.isGenerating ?? false,
    });
  return (
    <StudioErrorBoundary message="The 360° Spin Studio hit a problem it could not recover from." suggestions={SUGGESTIONS} onError={report}>
      <SpinStudio onContextChange={onContextChange} />
    </StudioErrorBoundary>
  );
}
