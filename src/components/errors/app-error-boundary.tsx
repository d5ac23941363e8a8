import { Component, type ErrorInfo, type ReactNode } from 'react';
import { toAppError } from '@/lib/errors';
import { logError } from '@/lib/logger';
import { ErrorScreen } from './error-screen';

interface State {
  error: Error | null;
}

/** Last line of defence: anything that escapes the router's error handling lands here. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    logError('Unhandled render error', { severity: 'critical', category: 'system', error, componentStack: info.componentStack });
  }

  override render() {
    if (this.state.error) {
      return <ErrorScreen message={toAppError(this.state.error).message} onRetry={() => this.setState({ error: null })} />;
    }
    return this.props.children;
  }
}
