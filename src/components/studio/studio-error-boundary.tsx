import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from '@/components/errors/error-screen';

interface Props {
  children: ReactNode;
  /** 'The Refine Image Studio hit a problem it could not recover from.' */
  message: string;
  suggestions: readonly string[];
  /** Reports the error with what the studio was doing (docs/spec.md §8). */
  onError: (error: Error, info: ErrorInfo) => void;
}

/** docs/spec.md §8 for image studios: 'Try another image', a supported format, a corrupt file, refresh. */
export const IMAGE_STUDIO_SUGGESTIONS = [
  'Try another image',
  'Use a supported format (JPEG, PNG, WebP)',
  'Check that the file is not corrupted',
  'Refresh the page',
] as const;

/** A studio's own 'Something went wrong' screen with suggestions, Try Again and Refresh Page. */
export class StudioErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    this.props.onError(error, info);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <ErrorScreen message={this.props.message} onRetry={() => this.setState({ error: null })}>
        <ul aria-label="Suggestions" className="list-disc space-y-1 pl-5 text-left text-sm text-muted-foreground">
          {this.props.suggestions.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
      </ErrorScreen>
    );
  }
}
