import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChatOverviewList, ChatRequest, ChatSession, PatientDetails } from '@tend/api/model';
import { chatHandlers, FakeChatServer, settle, withFakeChat } from '@tend/domain/chat/testing';
import { getGetTherapistChatHistoryMockHandler } from '@tend/api/msw';
import { renderPortal, testSession } from '@tend/portal/testing';
import { chatsRoutes, ChatsBadge } from './index.ts';
import { featurePortal, servedWords as en, therapistTestServer } from '../../test/console.tsx';

const portal = featurePortal(
  [{ path: 'patients/:patientId', Component: () => <h1>Patient record</h1> }, ...chatsRoutes],
  [{ to: '/chats', label: 'chats.nav', badge: ChatsBadge }],
);

const { server: msw } = therapistTestServer();

const ME = 't1';
const request = (id: string, name: string, emergency: boolean, minutesAgo: number): ChatRequest => ({
  requestId: id,
  patientId: `patient-${id}`,
  patientName: name,
  message: `Message from ${name}`,
  emergency,
  chatTransport: 'stream',
  createdAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
});

let chat: FakeChatServer;
let requests: ChatRequest[];
let chats: ChatOverviewList;
let calls: string[];
const session = (): ChatSession => ({
  ...chat.session,
  emergency: true,
  participants: [
    { userId: 'patient-1', name: 'Sam Taylor', role: 'patient', leftAt: null, lastReadAt: null },
    { userId: ME, name: 'Alex Morgan', role: 'lead', leftAt: null, lastReadAt: null },
  ],
});
const patient: PatientDetails = {
  patientId: 'patient-1',
  firstName: 'Sam',
  lastName: 'Taylor',
  email: 'sam@example.com',
  organisationId: 'org-1',
  risk: { highRisk: true, reason: 'PHQ-9 item 9 answered above 0' },
  therapists: [{ therapistId: ME, firstName: 'Alex', lastName: 'Morgan', isLead: true }],
  createdAt: '2026-01-01T00:00:00.000Z',
};

beforeEach(() => {
  chat = new FakeChatServer();
  chat.names[ME] = 'Alex Morgan';
  requests = [request('r1', 'Jordan Lee', false, 30), request('r2', 'Maya Patel', true, 5)];
  chats = {
    items: [
      { session: session(), unreadCount: 2, lastMessage: chat.put('patient-1', 'p1', 'Are you there?') },
    ],
  };
  calls = [];
  msw.use(
    http.get('*/therapist/chat-requests', () => HttpResponse.json({ items: requests })),
    http.get('*/therapist/chat-requests/:requestId/accept', ({ params }) => {
      calls.push(`accept ${String(params.requestId)}`);
      requests = requests.filter((r) => r.requestId !== params.requestId);
      return HttpResponse.json(session());
    }),
    http.get('*/therapist/v2/chats', () => HttpResponse.json(chats)),
    http.get('*/patients/:patientId', () => HttpResponse.json(patient)),
    http.get('*/patients/:patientId/eligible-therapists', () =>
      HttpResponse.json({
        items: [{ therapistId: 't2', firstName: 'Priya', lastName: 'Shah', isLead: false }],
      }),
    ),
    http.post('*/chats/:patientId/handover/:therapistId', ({ params }) => {
      calls.push(`handover ${String(params.patientId)} ${String(params.therapistId)}`);
      const handed = session();
      return HttpResponse.json({
        ...handed,
        participants: [
          ...handed.participants,
          { userId: 't2', name: 'Priya Shah', role: 'handover', leftAt: null, lastReadAt: null },
        ],
      });
    }),
    http.post('*/chats/:patientId/end-chat', ({ params }) => {
      calls.push(`end ${String(params.patientId)}`);
      return new HttpResponse(null, { status: 204 });
    }),
    http.delete('*/chats/token', () => {
      calls.push('revoke');
      return new HttpResponse(null, { status: 204 });
    }),
    ...chatHandlers(chat, ME),
  );
});
withFakeChat(() => chat);

const renderConsole = (path: string, scopes = ['therapist']) =>
  renderPortal(portal, path, { translations: en, signedIn: testSession('therapist@example.com', scopes) });

/** My open chat with Sam Taylor shows its 2 unread, and the navigation's Chats link is named `navName`. */
async function expectMyChatAndNavigation(navName: string) {
  const mine = await screen.findByRole('region', { name: 'My open chats' });
  expect(within(mine).getByRole('link', { name: /Sam Taylor/ })).toHaveTextContent('2 unread');
  expect(
    await within(screen.getByRole('navigation')).findByRole('link', { name: navName }),
  ).toBeInTheDocument();
}

describe('the therapist’s chats', () => {
  it('lists requests emergency first and marked, my chats with unread counts, and the count in the navigation', async () => {
    renderConsole('/chats');
    const list = await screen.findByRole('list', { name: 'Chat requests, emergencies first' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Emergency');
    expect(rows[0]).toHaveTextContent('Maya Patel');
    expect(rows[1]).toHaveTextContent('Jordan Lee');
    expect(rows[1]).not.toHaveTextContent('Emergency');
    await expectMyChatAndNavigation('Chats 2 waiting 2 unread');
  });

  it('alerts when a new request arrives while the console is open', async () => {
    const { queryClient } = renderConsole('/');
    await within(await screen.findByRole('navigation')).findByRole('link', { name: /2 waiting/ });
    // Already waiting when the console opened: the emergency one is notified.
    expect(await screen.findByText('Emergency: Maya Patel asks for a chat now')).toBeInTheDocument();
    requests = [...requests, request('r3', 'Noah Evans', false, 0)];
    await act(() => queryClient.invalidateQueries({ queryKey: ['/therapist/chat-requests'] }));
    expect(await screen.findByText('Noah Evans asks for a chat')).toBeInTheDocument();
    expect(screen.queryByText('Jordan Lee asks for a chat')).not.toBeInTheDocument();
  });

  it('accepts a request and opens the conversation', async () => {
    const { user } = renderConsole('/chats');
    await user.click(await screen.findByRole('button', { name: 'Accept the chat request of Maya Patel' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Chat with Sam Taylor' }),
    ).toBeInTheDocument();
    expect(calls).toContain('accept r2');
  });

  it('shows the conversation with the patient’s name, flags and record, and hands it over to a colleague', async () => {
    const { user } = renderConsole('/chats/chat-1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Chat with Sam Taylor' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(chat.sources.length).toBe(1));
    await act(async () => {
      chat.source.emit('ready', session());
      await settle();
    });
    expect(await screen.findByText('High risk')).toBeInTheDocument();
    expect(screen.getByText('Emergency')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the record of Sam Taylor' })).toHaveAttribute(
      'href',
      '/patients/patient-1',
    );
    expect(await screen.findByText('Are you there?')).toBeInTheDocument();
    // Inviting needs the lead-therapist scope.
    expect(screen.queryByRole('button', { name: 'Invite a colleague' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Hand over' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hand this chat over to a colleague' });
    await user.click(await within(dialog).findByRole('radio', { name: 'Priya Shah' }));
    await user.click(within(dialog).getByRole('button', { name: 'Hand over' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Chats' })).toBeInTheDocument();
    expect(calls).toContain('handover patient-1 t2');
    expect(await screen.findByText('You handed the chat over to Priya Shah.')).toBeInTheDocument();
  });

  it('ends a chat after asking; the lead may invite', async () => {
    const { user } = renderConsole('/chats/chat-1', ['therapist', 'lead-therapist']);
    await waitFor(() => expect(chat.sources.length).toBe(1));
    await act(async () => {
      chat.source.emit('ready', session());
      await settle();
    });
    expect(await screen.findByRole('button', { name: 'Invite a colleague' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'End chat' }));
    const dialog = await screen.findByRole('dialog', { name: 'End this chat for everyone?' });
    await user.click(within(dialog).getByRole('button', { name: 'End chat' }));
    await waitFor(() => expect(calls).toContain('end patient-1'));
  });

  it('revokes my chat tokens when I sign out', async () => {
    const { user } = renderConsole('/chats');
    await screen.findByRole('list', { name: 'Chat requests, emergencies first' });
    await user.click(screen.getByRole('button', { name: /^Account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(calls).toContain('revoke'));
  });

  it('falls back to the first chat list (with unread counts) when v2 is missing', async () => {
    msw.use(
      http.get('*/therapist/v2/chats', () =>
        HttpResponse.json({ code: 'not_found', message: 'no such operation' }, { status: 404 }),
      ),
      http.get('*/therapist/chats', () =>
        HttpResponse.json({ items: [session()], skip: 0, limit: 100, total: 1 }),
      ),
    );
    renderConsole('/chats');
    const mine = await screen.findByRole('region', { name: 'My open chats' });
    expect(await within(mine).findByText('1 unread')).toBeInTheDocument();
  });

  it('says when my chats could not be read, with a retry; the badge counts the server’s unread total', async () => {
    let fail = true;
    msw.use(
      http.get('*/therapist/v2/chats', () =>
        fail
          ? HttpResponse.json({ code: 'internal', message: 'down' }, { status: 503 })
          : // 2 unread in the loaded chat, 7 across every open chat (the rest on later pages).
            HttpResponse.json({ ...chats, paginationCursor: null, unreadTotal: 7 }),
      ),
      // A server failure is reported (as in the app).
      http.post('*/error-reporting', () => new HttpResponse(null, { status: 204 })),
    );
    const { user } = renderConsole('/chats');
    const mine = await screen.findByRole('region', { name: 'My chats' });
    const alert = await within(mine).findByRole('alert');
    expect(alert).toHaveTextContent('Your chats could not be loaded');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expectMyChatAndNavigation('Chats 2 waiting 7 unread');
  });

  it('says what will appear, and the next step, when there are no requests, open chats or past chats', async () => {
    requests = [];
    chats = { items: [] };
    msw.use(getGetTherapistChatHistoryMockHandler({ sessions: [] }));
    const { router } = renderConsole('/chats');
    expect(
      await screen.findByText('No one is waiting right now. New requests appear here by themselves.'),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(
        "You have no open chats. A chat appears here when you accept a patient's request above.",
      ),
    ).toBeInTheDocument();
    await router.navigate('/chats/history');
    expect(
      await screen.findByText(
        'No past chats yet. Chats appear here once they have ended, so you can read them again.',
      ),
    ).toBeInTheDocument();
  });
});
