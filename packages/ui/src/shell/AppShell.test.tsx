import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { axeViolations, createTestI18n, renderWithProviders } from '../test-utils.tsx';
import { AppShell, type AppShellProps } from './AppShell.tsx';

const navigation = [
  { to: '/', label: 'Home' },
  { to: '/moments', label: 'Moments' },
  { to: '/security', label: 'Security' },
];

function renderShell(props: Partial<AppShellProps> = {}, route = '/moments/42') {
  return renderWithProviders(
    <AppShell
      navigation={navigation}
      user={{ name: 'Sam Smith', email: 'sam@example.org' }}
      onSignOut={vi.fn()}
      {...props}
    >
      <h1>Page</h1>
    </AppShell>,
    { route },
  );
}

/** Runs `body` with the window as narrow as a phone's (every max-width media query matches), then restores it. */
async function onSmallScreen(body: () => Promise<void>) {
  const matchMedia = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    ...matchMedia(query),
    matches: query.includes('max-width'),
  })) as typeof matchMedia;
  try {
    await body();
  } finally {
    window.matchMedia = matchMedia;
  }
}

beforeEach(() => {
  vi.spyOn(console, 'info').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('AppShell', () => {
  it('has labelled landmarks: banner, navigation, main', async () => {
    const { container } = renderShell();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    expect(screen.getByRole('link', { name: 'Tend' })).toHaveAttribute('href', '/');
    expect(await axeViolations(container)).toEqual([]);
  });

  it('starts with a skip link that moves focus to the main content', async () => {
    const { user } = renderShell();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('marks the current section in the navigation', () => {
    renderShell();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Moments' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('navigates with the links', async () => {
    const { user, location } = renderShell();
    await user.click(screen.getByRole('link', { name: 'Security' }));
    expect(location().pathname).toBe('/security');
  });

  it('opens the account menu from the keyboard, shows who is signed in, and signs out', async () => {
    const onSignOut = vi.fn();
    const { user } = renderShell({
      onSignOut,
      accountItems: [{ label: 'Security settings', to: '/security' }],
    });
    const button = screen.getByRole('button', { name: 'Account menu: SS Sam Smith' });
    button.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Signed in as Sam Smith')).toBeInTheDocument();
    expect(within(menu).getByText('sam@example.org')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Security settings' })).toHaveAttribute(
      'href',
      '/security',
    );
    await user.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });

  it('has no account menu without a user', () => {
    renderShell({ user: null });
    expect(screen.queryByRole('button', { name: /Account menu/ })).toBeNull();
  });

  it('switches language from the labelled picker', async () => {
    const i18n = createTestI18n();
    i18n.addResourceBundle('cy', 'common', { shell: { signOut: 'Allgofnodi', language: 'Iaith' } });
    const onLanguageChange = vi.fn();
    const { user } = renderWithProviders(
      <AppShell
        user={{ name: 'Sam' }}
        onSignOut={() => {}}
        languages={[
          { code: 'en', label: 'English' },
          { code: 'cy', label: 'Cymraeg' },
        ]}
        onLanguageChange={onLanguageChange}
      />,
      { i18n },
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'cy');
    expect(await screen.findByRole('combobox', { name: 'Iaith' })).toHaveValue('cy');
    expect(i18n.language).toBe('cy');
    expect(onLanguageChange).toHaveBeenCalledWith('cy');
    expect(document.documentElement.lang).toBe('cy');
  });

  it('switches between light and dark colours', async () => {
    const { user } = renderWithProviders(<AppShell />);
    await user.click(screen.getByRole('button', { name: 'Use dark colours' }));
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await user.click(screen.getByRole('button', { name: 'Use light colours' }));
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'light');
  });

  it('has a labelled menu button for the navigation on small screens', async () => {
    const { user } = renderShell();
    const burger = screen.getByRole('button', { name: 'Open navigation' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    await user.click(burger);
    expect(screen.getByRole('button', { name: 'Close navigation' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('on small screens takes the closed drawer out of the tab order; Escape closes it', async () => {
    await onSmallScreen(async () => {
      const { user } = renderShell();
      const nav = screen.getByRole('navigation', { hidden: true });
      expect(nav).toHaveAttribute('inert');
      await user.click(screen.getByRole('button', { name: 'Open navigation' }));
      expect(nav).not.toHaveAttribute('inert');
      within(nav).getByRole('link', { name: 'Home' }).focus();
      await user.keyboard('{Escape}');
      expect(nav).toHaveAttribute('inert');
      expect(screen.getByRole('button', { name: 'Open navigation' })).toHaveFocus();
    });
  });

  it('on small screens ends the drawer with the language, the colours and Sign out', async () => {
    await onSmallScreen(async () => {
      const onSignOut = vi.fn();
      const { user } = renderShell({ onSignOut });
      await user.click(screen.getByRole('button', { name: 'Open navigation' }));
      const nav = screen.getByRole('navigation', { name: 'Main navigation' });
      expect(within(nav).getByRole('combobox', { name: 'Language' })).toBeInTheDocument();
      expect(within(nav).getByRole('button', { name: 'Use dark colours' })).toBeInTheDocument();
      await user.click(within(nav).getByRole('button', { name: 'Sign out' }));
      expect(onSignOut).toHaveBeenCalledOnce();
    });
  });

  it('keeps the navigation in the tab order on wide screens', () => {
    renderShell();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).not.toHaveAttribute('inert');
  });

  it('shows a banner above the page', () => {
    renderShell({ banner: <p>Maintenance soon</p> });
    expect(within(screen.getByRole('main')).getByText('Maintenance soon')).toBeInTheDocument();
  });
});
