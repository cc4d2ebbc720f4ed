import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@tend/api/http';
import { renderWithProviders } from '@tend/ui/test-utils';
import { ProblemAlert } from './ProblemAlert.tsx';
import { toProblem } from './toProblem.ts';

describe('ProblemAlert', () => {
  it('shows the translated message with the attempts left', () => {
    renderWithProviders(
      <ProblemAlert
        problem={toProblem(
          new ApiError({ status: 401, code: 'mfa_invalid', message: 'x', details: { attemptsLeft: 2 } }),
        )}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'That code is not correct. Check it and try again. 2 attempts left.',
    );
  });

  it("keeps the attempts left and when to try again under a screen's own words", () => {
    const retryAt = Date.now() + 60_000;
    renderWithProviders(
      <ProblemAlert problem={{ kind: 'invalid', attemptsLeft: 1, retryAt }} message="Wrong code." />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(
      /^That did not workWrong code\. 1 attempt left\. You can try again at \d\d:\d\d:\d\d\.$/,
    );
  });

  it('offers Try again (or its own label) while the problem is retryable', async () => {
    const onRetry = vi.fn();
    const { user } = renderWithProviders(
      <ProblemAlert
        problem={toProblem(new ApiError({ status: 502, code: 'http_502', message: 'Bad gateway' }))}
        onRetry={onRetry}
        retryLabel="Load again"
      />,
    );
    expect(screen.getByRole('alert')).not.toHaveTextContent('Bad gateway');
    await user.click(screen.getByRole('button', { name: 'Load again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('offers no retry where trying the same again cannot help', () => {
    renderWithProviders(
      <ProblemAlert
        problem={toProblem(new ApiError({ status: 404, code: 'not_found', message: 'x' }))}
        onRetry={() => undefined}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('We could not find this.');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('says offline calmly (a status), with Try again where the screen has one', async () => {
    const onRetry = vi.fn();
    const { user } = renderWithProviders(<ProblemAlert problem={{ kind: 'offline' }} onRetry={onRetry} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent("You're offline");
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('shows nothing without a problem, or for a cancellation', () => {
    renderWithProviders(<ProblemAlert problem={toProblem(new DOMException('stop', 'AbortError'))} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
