import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportErrorSafely, UNCAUGHT_EXCEPTION, type ErrorReporter } from './errorReporter.ts';
import { ErrorFallback } from './ErrorFallback.tsx';

export interface ErrorBoundaryProps {
  children?: ReactNode;
  /** Reports the error; default: the reporter registered with setErrorReporter. */
  report?: ErrorReporter;
  /** Replaces the default fallback (ErrorFallback). */
  fallback?: (props: { error: unknown; reset: () => void }) => ReactNode;
  /** When any of these change (e.g. the location's pathname), a shown error is cleared. */
  resetKeys?: readonly unknown[];
}

interface State {
  error: unknown;
  failed: boolean;
}

/**
 * Catches render errors below it: logs them and reports them as 'Uncaught exception', and shows the
 * translated Error_SomethingWentWrong. Place it inside TendProvider (the fallback uses Mantine and i18n).
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { error: undefined, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(UNCAUGHT_EXCEPTION, error, info.componentStack);
    reportErrorSafely(
      UNCAUGHT_EXCEPTION,
      error,
      { componentStack: info.componentStack ?? undefined },
      this.props.report,
    );
  }

  override componentDidUpdate(previous: ErrorBoundaryProps): void {
    if (!this.state.failed) return;
    const before = previous.resetKeys ?? [];
    const now = this.props.resetKeys ?? [];
    if (before.length !== now.length || before.some((key, i) => !Object.is(key, now[i]))) this.reset();
  }

  reset = (): void => {
    this.setState({ error: undefined, failed: false });
  };

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    if (this.props.fallback) return this.props.fallback({ error: this.state.error, reset: this.reset });
    return <ErrorFallback onRetry={this.reset} />;
  }
}
