import { useCallback, useRef, type ErrorInfo } from 'react';
import { IMAGE_STUDIO_SUGGESTIONS, StudioErrorBoundary } from '@/components/studio/studio-error-boundary';
import { reportStudioError } from '@/domains/jobs/report-studio-error';
import { LightboxStudio, type LightboxContext } from './lightbox-studio';

/** The route's screen: the studio inside its own error boundary, which reports what it was doing. */
export function LightboxStudioPage() {
  const context = useRef<LightboxContext>({});
  const onContextChange = useCallback((next: LightboxContext) => {
    context.current = next;
  }, []);
  const report = (error: Error, info: ErrorInfo) =>
    reportStudioError('Lightbox Studio', error, info.componentStack, {
      file_name: context.current.fileName ?? null,
      output: context.current.output ?? null,
      is_generating: context.current.isGenerating ?? false,
    });
  return (
    <StudioErrorBoundary message="The Lightbox Studio hit a problem it could not recover from." suggestions={IMAGE_STUDIO_SUGGESTIONS} onError={report}>
      <LightboxStudio onContextChange={onContextChange} />
    </StudioErrorBoundary>
  );
}
