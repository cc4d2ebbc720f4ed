import { Button, useMantineColorScheme } from '@mantine/core';
import { I18nextProvider } from '@tend/i18n';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestI18n } from './test-utils.tsx';
import { TendProvider } from './TendProvider.tsx';

function SchemeButtons() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <>
      <p>scheme: {colorScheme}</p>
      <Button onClick={() => setColorScheme('dark')}>Dark</Button>
    </>
  );
}

afterEach(() => localStorage.clear());

describe('TendProvider', () => {
  it('follows the system by default and remembers the chosen scheme', async () => {
    const i18n = createTestI18n();
    const tree = (
      <I18nextProvider i18n={i18n}>
        <TendProvider env="test">
          <SchemeButtons />
        </TendProvider>
      </I18nextProvider>
    );
    const { unmount } = render(tree);
    expect(screen.getByText('scheme: auto')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Dark' }));
    expect(localStorage.getItem('tend-color-scheme')).toBe('dark');
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
    unmount();
    render(tree);
    expect(screen.getByText('scheme: dark')).toBeInTheDocument();
  });

  it('applies the Tend theme from its stylesheet (the calm palette), injecting no <style> the CSP would refuse', () => {
    render(
      <I18nextProvider i18n={createTestI18n()}>
        <TendProvider env="test" forceColorScheme="light">
          <p>x</p>
        </TendProvider>
      </I18nextProvider>,
    );
    expect(document.querySelectorAll('style[data-mantine-styles]')).toHaveLength(0);
    const stylesheet = readFileSync(join(import.meta.dirname, 'theme', 'mantine-theme.css'), 'utf8');
    expect(stylesheet).toContain('--mantine-color-anchor: var(--mantine-color-tend-7)');
    expect(stylesheet).toContain('--mantine-color-dimmed: #5c636a');
  });
});
