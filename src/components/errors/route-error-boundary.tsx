import { QueryErrorResetBoundary } from '@tanstack/react-query';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { ErrorScreen } from './error-screen';
import { toAppError } from '@/lib/errors';
import { logError } from '@/lib/logger';

interface Props {
  children: ReactNode;
  resetKey: string;
  onReset: () => void;
}

interface State {
  error: Error | null;
  resetKey: string;
}

class Boundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  // Navigating elsewhere clears the error, like a router's error element would.
  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    logError('Route error', { severity: 'high', category: 'system', error, path: this.props.resetKey, componentStack: info.componentStack });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    const retry = () => {
      this.props.onReset();
      this.setState({ error: null });
    };
    return <ErrorScreen message={toAppError(this.state.error).message} onRetry={retry} />;
  }
}

/**
 * Catches render errors and first-load query errors of the screen below it. Try Again resets the
 * failed queries and renders the screen again; moving to another route clears the error.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <Boundary resetKey={pathname} onReset={reset}>
          {children}
        </Boundary>
      )}
    </QueryErrorResetBoundary>
  );
}
