import { Component, type ErrorInfo, type ReactNode, type RefObject } from 'react';
import { ErrorScreen } from '@/components/errors/error-screen';
import { logError } from '@/lib/logger';
import { trackRefineEvent } from '../api/track-refine-event';

/** What the studio was doing when it broke, for the error report (SPEC.md §8). */
export interface StudioContext {
  fileName?: string;
  enhancementType?: string;
  isGenerating?: boolean;
}

interface Props {
  children: ReactNode;
  context: RefObject<StudioContext>;
}

const SUGGESTIONS = [
  'Try another image',
  'Use a supported format (JPEG, PNG, WebP)',
  'Check that the file is not corrupted',
  'Refresh the page',
];

/** The studio's own 'Something went wrong' screen, with suggestions for image problems. */
export class RefineErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    const context = { ...this.props.context.current };
    logError('Refine studio render error', { severity: 'high', category: 'processing', error, ...context, componentStack: info.componentStack });
    trackRefineEvent('error_occurred', {
      message: error.message,
      file_name: context.fileName ?? null,
      enhancement_type: context.enhancementType ?? null,
      is_generating: context.isGenerating ?? false,
    });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <ErrorScreen message="The Refine Image Studio hit a problem it could not recover from." onRetry={() => this.setState({ error: null })}>
        <ul aria-label="Suggestions" className="list-disc space-y-1 pl-5 text-left text-sm text-muted-foreground">
          {SUGGESTIONS.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
      </ErrorScreen>
    );
  }
}
