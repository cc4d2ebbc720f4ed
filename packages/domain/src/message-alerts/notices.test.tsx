import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getListMessageAlertsQueryKey, getListMessageAlertsV2QueryKey } from '@tend/api';
import type { MessageAlert, MessageAlertList } from '@tend/api/model';
import { renderWithProviders } from '@tend/ui/test-utils';
import { renderSubjectHook, subjectServer } from '../test/hooks.tsx';
import { useCreateAdminMessageAlert, useDeleteAdminMessageAlert } from './admin.ts';
import { PublicMessageAlertNotices } from './MessageAlertNotices.tsx';

const server = subjectServer();

const alert = (id: string, title: string, etag = 'e1'): MessageAlert => ({
  id,
  etag,
  message: {
    title,
    body: '<b>Not bold</b> – sessions move online.',
    severity: 'warning',
    audience: 'public',
    organisationId: null,
  },
  createdAt: '2026-11-24T09:00:00Z',
  updatedAt: '2026-11-24T09:00:00Z',
});

const publicAlerts = (items: MessageAlert[]) =>
  http.post('*/v2/message-alerts/action/list-messages-for-public', () => HttpResponse.json({ items }));

describe('the public site’s notices', () => {
  it('shows the current alerts as plain text, not announced, and remembers a dismissal for that alert version', async () => {
    window.localStorage.clear();
    server.use(publicAlerts([alert('a1', 'Planned closure'), alert('a2', 'New phone number')]));
    const first = renderWithProviders(<PublicMessageAlertNotices />);
    const region = await screen.findByRole('region', { name: 'Notices' });
    expect(region).toHaveTextContent('<b>Not bold</b> – sessions move online.');
    expect(region.querySelector('b')).toBeNull();
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
    expect(screen.getAllByRole('note')).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Dismiss notice: Planned closure' }));
    expect(screen.queryByText('Planned closure')).not.toBeInTheDocument();
    expect(screen.getByText('New phone number')).toBeInTheDocument();
    // Focus moves to the next notice's dismiss button rather than being lost with the removed one.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Dismiss notice: New phone number' })).toHaveFocus(),
    );
    expect(window.localStorage.getItem('tend.dismissedAlerts')).toBe(JSON.stringify(['a1:e1']));
    first.unmount();

    // Another visit: still dismissed; the same alert changed since is shown again.
    server.use(publicAlerts([alert('a1', 'Planned closure'), alert('a2', 'New phone number')]));
    const second = renderWithProviders(<PublicMessageAlertNotices />);
    expect(await screen.findByText('New phone number')).toBeInTheDocument();
    expect(screen.queryByText('Planned closure')).not.toBeInTheDocument();
    second.unmount();
    server.use(publicAlerts([alert('a1', 'Planned closure, new dates', 'e2')]));
    renderWithProviders(<PublicMessageAlertNotices />);
    expect(await screen.findByText('Planned closure, new dates')).toBeInTheDocument();
  });

  it('shows nothing when there are none or they cannot be read', async () => {
    window.localStorage.clear();
    let asked = 0;
    server.use(
      http.post('*/v2/message-alerts/action/list-messages-for-public', () => {
        asked += 1;
        return HttpResponse.json({ code: 'internal_error', message: 'down' }, { status: 500 });
      }),
    );
    renderWithProviders(<PublicMessageAlertNotices />);
    await waitFor(() => expect(asked).toBe(1));
    expect(screen.queryByRole('region', { name: 'Notices' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('the administration through either set of calls', () => {
  it('puts an alert created with v1 into both sets’ lists, and takes a deleted one out of both', async () => {
    const created = alert('a9', 'Made with v1');
    let createdWith = '';
    server.use(
      http.post(
        '*/message-alerts',
        () => ((createdWith = 'v1'), HttpResponse.json(created, { status: 201 })),
      ),
      http.post(
        '*/v2/message-alerts',
        () => ((createdWith = 'v2'), HttpResponse.json(created, { status: 201 })),
      ),
      http.delete('*/message-alerts/a9', ({ request }) =>
        request.headers.get('ETag') === 'e1'
          ? new HttpResponse(null, { status: 204 })
          : HttpResponse.json({}, { status: 412 }),
      ),
    );
    const { result, queryClient } = renderSubjectHook(() => ({
      create: useCreateAdminMessageAlert('v1'),
      remove: useDeleteAdminMessageAlert('v1'),
    }));
    const before: MessageAlertList = { items: [alert('a1', 'Older')] };
    queryClient.setQueryData(getListMessageAlertsQueryKey(), before);
    queryClient.setQueryData(getListMessageAlertsV2QueryKey(), before);
    await act(() => result.current.create.mutateAsync({ data: created.message }));
    expect(createdWith).toBe('v1');
    for (const key of [getListMessageAlertsQueryKey(), getListMessageAlertsV2QueryKey()]) {
      expect(queryClient.getQueryData<MessageAlertList>(key)?.items.map((a) => a.id)).toEqual(['a9', 'a1']);
    }
    await act(() => result.current.remove.mutateAsync({ id: 'a9', headers: { ETag: 'e1' } }));
    for (const key of [getListMessageAlertsQueryKey(), getListMessageAlertsV2QueryKey()]) {
      expect(queryClient.getQueryData<MessageAlertList>(key)?.items.map((a) => a.id)).toEqual(['a1']);
    }
  });
});
