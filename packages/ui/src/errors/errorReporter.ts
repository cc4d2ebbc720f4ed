/**
 * Where uncaught errors are reported. packages/api registers its `reportError` at start-up
 * (`setErrorReporter(reportError)`); ui never imports api.
 */
export type ErrorReporter = (
  message: string,
  error: unknown,
  context?: Record<string, unknown>,
) => void | Promise<unknown>;

/** The message under which uncaught errors are logged and reported. */
export const UNCAUGHT_EXCEPTION = 'Uncaught exception';

let reporter: ErrorReporter | undefined;

/** Registers the reporter (undefined removes it). */
export function setErrorReporter(next: ErrorReporter | undefined): void {
  reporter = next;
}

export function getErrorReporter(): ErrorReporter | undefined {
  return reporter;
}

/** Reports through `report` (or the registered reporter); a failing reporter is logged, never thrown. */
export function reportErrorSafely(
  message: string,
  error: unknown,
  context?: Record<string, unknown>,
  report: ErrorReporter | undefined = reporter,
): void {
  if (!report) return;
  try {
    const result = report(message, error, context);
    if (result && typeof (result as Promise<unknown>).catch === 'function') {
      (result as Promise<unknown>).catch((failure: unknown) => console.error('Error report failed', failure));
    }
  } catch (failure) {
    console.error('Error report failed', failure);
  }
}

/**
 * Logs and reports errors nothing caught (window `error` and `unhandledrejection`) as 'Uncaught exception'.
 * Returns a function removing the listeners.
 */
export function installGlobalErrorHandlers(target: Window = window): () => void {
  const onError = (event: ErrorEvent) => {
    const error: unknown = event.error ?? event.message;
    console.error(UNCAUGHT_EXCEPTION, error);
    reportErrorSafely(UNCAUGHT_EXCEPTION, error, { source: 'window.onerror' });
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    console.error(UNCAUGHT_EXCEPTION, event.reason);
    reportErrorSafely(UNCAUGHT_EXCEPTION, event.reason, { source: 'unhandledrejection' });
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
