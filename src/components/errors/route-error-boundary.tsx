import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { ErrorScreen } from './error-screen';
import { toAppError } from '@/lib/errors';
import { logError } from '@/lib/logger';

interface Props {
  children: ReactNode;
  resetKey: string;
  onReset?: () => void;
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
      this.props.onReset?.();
      this.setState({ error: null });
    };
    return <ErrorScreen message={toAppError(this.state.error).message} onRetry={retry} />;
  }
}

/**
 * Catches render errors of the screen below it; moving to another route clears the error and Try
 * Again renders the screen again. Screens that read data sit inside QueryRouteErrorBoundary, which
 * also resets their failed queries on Try Again (this one stays free of the data cache's code: it
 * guards the landing page too).
 */
export function RouteErrorBoundary({ children, onReset }: { children: ReactNode; onReset?: () => void }) {
  const { pathname } = useLocation();
  return (
    <Boundary resetKey={pathname} onReset={onReset}>
      {children}
    </Boundary>
  );
}
