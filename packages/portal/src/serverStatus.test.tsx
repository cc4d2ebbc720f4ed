import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getGetStatusFileMockHandler } from '@tend/api/msw';
import { resetServerStatusService } from '@tend/ui';
import { testPortal, testTranslations } from './test/testPortal.tsx';
import { createPortalTestServer, renderPortal, testSession } from './testing.tsx';

// Announced maintenance is told on every page: the signed-out pages as well as the signed-in shell.
const { server, withMockServer } = createPortalTestServer({
  summary: { firstName: 'Alex', email: 'therapist@example.com' },
});
withMockServer();
// The shared status service outlives a render (it is stopped when its banner unmounts): forget it, so the
// next test starts online.
afterEach(() => resetServerStatusService());

const announce = () =>
  server.use(
    getGetStatusFileMockHandler({
      goingOffline: true,
      offlineTime: Date.now() + 3_600_000,
      pendingReason: 'Database upgrade',
      activeReason: null,
    }),
  );

describe('the server-status notice', () => {
  it('is on the sign-in page, inside the main landmark', async () => {
    announce();
    renderPortal(testPortal, '/authentication/login', { translations: testTranslations });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    const notice = await within(screen.getByRole('main')).findByRole('status');
    expect(notice).toHaveTextContent('Planned maintenance');
    expect(notice).toHaveTextContent('Reason: Database upgrade');
  });

  it('is on the forgotten-password page and inside the signed-in shell', async () => {
    announce();
    const { unmount } = renderPortal(testPortal, '/authentication/forgot-password', {
      translations: testTranslations,
    });
    expect(await screen.findByText(/Planned maintenance/)).toBeInTheDocument();
    unmount();
    renderPortal(testPortal, '/', {
      translations: testTranslations,
      signedIn: testSession('therapist@example.com'),
    });
    expect(await screen.findByText(/Planned maintenance/)).toBeInTheDocument();
  });
});
