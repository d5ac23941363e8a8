import type { ErrorInfo, ReactNode, RefObject } from 'react';
import { IMAGE_STUDIO_SUGGESTIONS, StudioErrorBoundary } from '@/components/studio/studio-error-boundary';
import { reportStudioError } from '@/domains/jobs/report-studio-error';

/** What the studio was doing when it broke, for the error report (docs/spec.md §8). */
export interface StudioContext {
  fileName?: string;
  enhancementType?: string;
  isGenerating?: boolean;
}

interface Props {
  children: ReactNode;
  context: RefObject<StudioContext>;
}

/** Refine's 'Something went wrong' screen; the report names the file, enhancement and generating flag. */
export function RefineErrorBoundary({ children, context }: Props) {
  const report = (error: Error, info: ErrorInfo) => {
    const current = { ...context.current };
    reportStudioError('Refine Image Studio', error, info.componentStack, {
      file_name: current.fileName ?? null,
      enhancement_type: current.enhancementType ?? null,
      is_generating: current.isGenerating ?? false,
    });
  };
  return (
    <StudioErrorBoundary message="The Refine Image Studio hit a problem it could not recover from." suggestions={IMAGE_STUDIO_SUGGESTIONS} onError={report}>
      {children}
    </StudioErrorBoundary>
  );
}
