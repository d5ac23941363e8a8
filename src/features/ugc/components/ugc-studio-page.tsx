import { StudioErrorBoundary } from '@/components/studio/studio-error-boundary';
import { reportStudioError } from '@/domains/jobs/report-studio-error';
import { UgcStudio } from './ugc-studio';

const SUGGESTIONS = ['Reload the page: your product and scripts are kept', 'Try fewer or smaller photos', 'Check your connection, then try again'];

export function UgcStudioPage() {
  return (
    <StudioErrorBoundary
      message="The UGC Video Creator hit a problem it could not recover from."
      suggestions={SUGGESTIONS}
      onError={(error, info) => reportStudioError('UGC Video Creator', error, info.componentStack, {})}
    >
      <UgcStudio />
    </StudioErrorBoundary>
  );
}
