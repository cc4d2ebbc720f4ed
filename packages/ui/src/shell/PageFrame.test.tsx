import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axeViolations, renderWithProviders } from '../test-utils.tsx';
import { PageFrame } from './PageFrame.tsx';

describe('PageFrame', () => {
  it('has a skip link to the main landmark, a header, and the banner above the page inside main', async () => {
    const { user, container } = renderWithProviders(
      <PageFrame header={<strong>Tend</strong>} banner={<p>Maintenance tonight</p>}>
        <h1>Page</h1>
      </PageFrame>,
    );
    expect(screen.getByRole('banner')).toHaveTextContent('Tend');
    const main = screen.getByRole('main');
    expect(main.firstElementChild).toHaveTextContent('Maintenance tonight');
    expect(main).toContainElement(screen.getByRole('heading', { level: 1, name: 'Page' }));
    await user.tab();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(main).toHaveFocus();
    expect(await axeViolations(container)).toEqual([]);
  });
});
