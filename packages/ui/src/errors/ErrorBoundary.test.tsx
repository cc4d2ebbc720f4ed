import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test-utils.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import {
  getErrorReporter,
  installGlobalErrorHandlers,
  reportErrorSafely,
  setErrorReporter,
  UNCAUGHT_EXCEPTION,
} from './errorReporter.ts';

let shouldThrow = true;
function Fragile() {
  if (shouldThrow) throw new Error('boom');
  return <p>All good</p>;
}

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  shouldThrow = true;
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  setErrorReporter(undefined);
  vi.restoreAllMocks();
});

describe('ErrorBoundary', () => {
  it('shows the translated Error_SomethingWentWrong, logs and reports Uncaught exception through the prop', async () => {
    const report = vi.fn();
    renderWithProviders(
      <ErrorBoundary report={report}>
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Something bad happened; please try again later.');
    expect(screen.getByText(/contact your local emergency services/)).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith(UNCAUGHT_EXCEPTION, expect.any(Error), expect.any(String));
    expect(report).toHaveBeenCalledTimes(1);
    expect(report).toHaveBeenCalledWith(
      'Uncaught exception',
      expect.objectContaining({ message: 'boom' }),
      expect.objectContaining({ componentStack: expect.any(String) }),
    );
  });

  it('reports through the registered reporter when no prop is given', () => {
    const registered = vi.fn();
    setErrorReporter(registered);
    expect(getErrorReporter()).toBe(registered);
    renderWithProviders(
      <ErrorBoundary>
        <Fragile />
      </ErrorBoundary>,
    );
    expect(registered).toHaveBeenCalledWith('Uncaught exception', expect.any(Error), expect.anything());
  });

  it('renders the children again on Try again', async () => {
    const { user } = renderWithProviders(
      <ErrorBoundary>
        <Fragile />
      </ErrorBoundary>,
    );
    shouldThrow = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('All good')).toBeInTheDocument();
  });

  it('clears the error when a reset key changes (e.g. navigation)', () => {
    const { rerender } = renderWithProviders(
      <ErrorBoundary resetKeys={['/a']}>
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toBeInTheDocument();
    shouldThrow = false;
    rerender(
      <ErrorBoundary resetKeys={['/b']}>
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByText('All good')).toBeInTheDocument();
  });

  it('uses a custom fallback', () => {
    renderWithProviders(
      <ErrorBoundary fallback={({ error }) => <p>Custom: {(error as Error).message}</p>}>
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Custom: boom')).toBeInTheDocument();
  });

  it('survives a failing reporter', () => {
    renderWithProviders(
      <ErrorBoundary
        report={() => {
          throw new Error('reporter down');
        }}
      >
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith('Error report failed', expect.any(Error));
  });
});

describe('ErrorBoundary outside the providers', () => {
  it('falls back to a plain message when the themed fallback cannot render', () => {
    const report = vi.fn();
    render(
      <ErrorBoundary report={report}>
        <Fragile />
      </ErrorBoundary>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Something bad happened; please try again later.');
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
    expect(report).toHaveBeenCalledWith('Uncaught exception', expect.any(Error), expect.anything());
    expect(consoleError).toHaveBeenCalledWith('Error fallback failed', expect.anything());
  });
});

describe('error reporting', () => {
  it('logs a reporter promise that rejects', async () => {
    reportErrorSafely('x', new Error('y'), undefined, () => Promise.reject(new Error('offline')));
    await new Promise((r) => setTimeout(r, 0));
    expect(consoleError).toHaveBeenCalledWith('Error report failed', expect.any(Error));
  });

  it('does nothing without a reporter', () => {
    expect(() => reportErrorSafely('x', new Error('y'))).not.toThrow();
  });

  it('reports window errors and unhandled rejections as Uncaught exception until uninstalled', () => {
    const report = vi.fn();
    setErrorReporter(report);
    // a stand-in window: the test runner watches the real one's errors
    const target = new EventTarget() as Window;
    const uninstall = installGlobalErrorHandlers(target);
    const error = new Error('late');
    target.dispatchEvent(new ErrorEvent('error', { error, message: 'late' }));
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.defineProperty(rejection, 'reason', { value: 'nope' });
    target.dispatchEvent(rejection);
    expect(report).toHaveBeenNthCalledWith(1, 'Uncaught exception', error, { source: 'window.onerror' });
    expect(report).toHaveBeenNthCalledWith(2, 'Uncaught exception', 'nope', { source: 'unhandledrejection' });
    uninstall();
    target.dispatchEvent(new ErrorEvent('error', { error, message: 'late' }));
    expect(report).toHaveBeenCalledTimes(2);
  });
});
