import { commonEn, getI18n } from '@tend/i18n';
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
 * translated Error_SomethingWentWrong. Best inside TendProvider (the fallback uses Mantine); outside it, or
 * if the fallback fails, a plain-HTML message is shown instead.
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
    return (
      <FallbackGuard>
        {this.props.fallback ? (
          this.props.fallback({ error: this.state.error, reset: this.reset })
        ) : (
          <ErrorFallback onRetry={this.reset} />
        )}
      </FallbackGuard>
    );
  }
}

/** The message in plain HTML, translated when i18n is up, else in English. */
export function PlainErrorFallback() {
  const translated = getI18n().isInitialized ? getI18n().t('Error_SomethingWentWrong') : undefined;
  const message =
    translated && translated !== 'Error_SomethingWentWrong' ? translated : commonEn.Error_SomethingWentWrong;
  return (
    <div
      role="alert"
      style={{
        maxWidth: '40rem',
        margin: '4rem auto',
        padding: '0 1rem',
        fontFamily: 'system-ui, sans-serif',
      }}
    >
      <p>{message}</p>
      <button type="button" onClick={() => window.location.reload()}>
        {getI18n().isInitialized ? getI18n().t('errors.reload') : commonEn.errors.reload}
      </button>
    </div>
  );
}

/** If the fallback itself cannot render (e.g. the boundary sits outside TendProvider), plain HTML does. */
class FallbackGuard extends Component<{ children?: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('Error fallback failed', error);
  }

  override render(): ReactNode {
    return this.state.failed ? <PlainErrorFallback /> : this.props.children;
  }
}
