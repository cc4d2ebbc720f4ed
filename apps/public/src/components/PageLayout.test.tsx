import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getGetStatusFileMockHandler } from '@tend/api/msw';
import { renderPublic } from '../test/render.tsx';
import { server } from '../test/server.ts';
import { PageLayout } from './PageLayout.tsx';

describe("the public pages' frame", () => {
  it('tells of announced maintenance on every page, in the main landmark, with a skip link to it', async () => {
    server.use(getGetStatusFileMockHandler({ goingOffline: true, offlineTime: Date.now() + 3_600_000, pendingReason: 'Database upgrade', activeReason: null }));
    renderPublic(
      <PageLayout>
        <h1>A page</h1>
      </PageLayout>,
    );
    const main = screen.getByRole('main');
    const notice = await within(main).findByRole('status');
    expect(notice).toHaveTextContent('Planned maintenance');
    expect(notice).toHaveTextContent('Reason: Database upgrade');
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', `#${main.id}`);
  });
});
