import { Button } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@tend/i18n';
import { act, screen } from '@testing-library/react';
import { useNavigate, useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { axeViolations, createTestQueryClient, renderWithProviders } from './test-utils.tsx';

function ClientPage() {
  const { client } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { t } = useTranslation('public' as never);
  return (
    <main>
      <h1>{client}</h1>
      <p>{t('Hello' as never)}</p>
      <p>{queryClient ? 'has a query client' : ''}</p>
      <Button onClick={() => navigate('/404')}>{t('actions.back')}</Button>
    </main>
  );
}

describe('renderWithProviders', () => {
  it('gives route params, the app namespace over common, a query client and the location', async () => {
    const { user, location, i18n } = renderWithProviders(<ClientPage />, {
      route: '/openid/demo?lang=en',
      path: '/openid/:client',
      routes: [{ path: '/404', element: <p>Not found</p> }],
      translations: { app: 'public', resources: { Hello: 'Hello from public' } },
    });
    expect(screen.getByRole('heading', { name: 'demo' })).toBeInTheDocument();
    expect(screen.getByText('Hello from public')).toBeInTheDocument();
    expect(screen.getByText('has a query client')).toBeInTheDocument();
    expect(location().search).toBe('?lang=en');
    expect(i18n.language).toBe('en');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Not found')).toBeInTheDocument();
    expect(location().pathname).toBe('/404');
  });

  it('mounts notifications and modals', async () => {
    renderWithProviders(<p>page</p>);
    act(() => {
      notifications.show({ message: 'Saved' });
    });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    act(() => {
      modals.openConfirmModal({ title: 'Delete this note?', children: <p>It cannot be undone.</p> });
    });
    expect(await screen.findByRole('dialog', { name: 'Delete this note?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('runs axe on what it rendered', async () => {
    const { container } = renderWithProviders(
      <div>
        <button type="button" />
      </div>,
    );
    expect((await axeViolations(container)).join('\n')).toMatch(/^button-name/);
  });

  it('makes query clients that do not retry', () => {
    expect(createTestQueryClient().getDefaultOptions().queries?.retry).toBe(false);
  });
});
