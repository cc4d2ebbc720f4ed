import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChatExists, ChatHistory } from '@tend/api/model';
import { getGetMyChatHistoryMockHandler, getGetPatientSafetyNetMockHandler } from '@tend/api/msw';
import { chatHandlers, FakeChatServer, settle, withFakeChat } from '@tend/domain/chat/testing';
import { createPortalTestServer, renderPortal, testSession } from '@tend/portal/testing';
import { createPortal } from '@tend/portal';
import { en } from '../../test/words.ts';
import { chatRoutes, ChatBadge } from './index.ts';

// The app's shape with this feature's routes and navigation entry (the app layer wires the same).
const portal = createPortal({
  app: 'patient',
  routes: [{ index: true, Component: () => <h1>Elsewhere</h1> }, ...chatRoutes],
  navigation: [{ to: '/chat', label: 'chat.nav', badge: ChatBadge }],
  texts: { appName: 'appName', signInIntro: 'signIn.intro', securityIntro: 'security.intro' },
});

const { server: msw, withMockServer } = createPortalTestServer({
  summary: { firstName: 'Sam', lastName: 'Taylor', email: 'patient@example.com' },
});
withMockServer();

const ME = 'p1';
let chat: FakeChatServer;
let state: ChatExists;
let revoked = 0;

beforeEach(() => {
  chat = new FakeChatServer('chat-1', {
    ...new FakeChatServer().session,
    patientId: ME,
    participants: [{ userId: ME, name: 'Sam Taylor', role: 'patient', leftAt: null, lastReadAt: null }],
  });
  chat.names[ME] = 'Sam Taylor';
  state = { exists: false, status: 'none', chatSessionId: null, requestId: null };
  revoked = 0;
  msw.use(
    // Who the request goes to: the patient's therapist by name.
    getGetPatientSafetyNetMockHandler({
      therapists: [{ therapistId: 't1', name: 'Alex Morgan' }],
      organisationName: 'Tend Health',
      responseHours: 24,
      safetyPlanShared: true,
      safetyPlanSharingChangedAt: null,
    }),
    http.get('*/patient/chat/exists', () => HttpResponse.json(state)),
    http.post('*/patient/chat/request-chat', async ({ request }) => {
      const { message } = (await request.json()) as { message: string };
      chat.put(ME, 'request-chat-1', message);
      state = { exists: true, status: 'requested', chatSessionId: null, requestId: 'chat-1' };
      return HttpResponse.json(
        {
          requestId: 'chat-1',
          patientId: ME,
          patientName: 'Sam Taylor',
          message,
          emergency: false,
          chatTransport: 'stream',
          createdAt: new Date().toISOString(),
        },
        { status: 201 },
      );
    }),
    http.post('*/patient/chat/end-chat', () => {
      state = { exists: false, status: 'none', chatSessionId: null, requestId: null };
      return new HttpResponse(null, { status: 204 });
    }),
    http.delete('*/patient/chat/token', () => {
      revoked++;
      return new HttpResponse(null, { status: 204 });
    }),
    ...chatHandlers(chat, ME),
  );
});
withFakeChat(() => chat);

const renderApp = (path: string) =>
  renderPortal(portal, path, { translations: en, signedIn: testSession('patient@example.com') });
const emit = async (name: string, data: unknown, id?: string) =>
  act(async () => {
    chat.source.emit(name, data, id);
    await settle();
  });

describe('the patient’s chat', () => {
  it('requests a chat, waits, is told who joined, talks live, and the unread count is in the navigation', async () => {
    const { user } = renderApp('/chat');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Talk to your therapist' }),
    ).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Request a chat' }));
    expect(await screen.findByText('Write a few words for your therapist first.')).toBeInTheDocument();
    await user.type(
      screen.getByRole('textbox', { name: /What would you like to talk about/ }),
      'I had a hard week.',
    );
    await user.click(screen.getByRole('button', { name: 'Request a chat' }));

    expect(await screen.findByText('Waiting for a therapist')).toBeInTheDocument();
    expect(
      await screen.findByText(
        /Your request has been sent to Alex Morgan\. They will join as soon as they can\./,
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(chat.sources.length).toBe(1));
    await emit('ready', chat.session);
    expect(await screen.findByText('I had a hard week.')).toBeInTheDocument();

    const accepted = {
      ...chat.session,
      participants: [
        ...chat.session.participants,
        { userId: 'therapist-1', name: 'Alex Morgan', role: 'lead', leftAt: null, lastReadAt: null },
      ],
    };
    await emit('session', accepted);
    expect(await screen.findByText('You are talking with Alex Morgan.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Conversation with Alex Morgan' })).toBeInTheDocument();

    await act(async () => {
      chat.deliver('therapist-1', 't1', 'Hello Sam, I am here.');
      await settle();
    });
    expect(await screen.findByText('Hello Sam, I am here.')).toBeInTheDocument();
    // Seen at once (the newest message is in view): read on the server, so no badge.
    await waitFor(() => expect(chat.reads[ME]).toBeDefined());

    await user.type(screen.getByRole('textbox', { name: 'Your message' }), 'Thank you.{Enter}');
    await waitFor(() => expect(chat.messages.map((m) => m.messageBody)).toContain('Thank you.'));

    // Away from the chat page, a new message shows in the navigation's badge.
    const navigation = screen.getByRole('navigation');
    await user.click(within(navigation).getByRole('link', { name: 'Home' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Elsewhere' })).toBeInTheDocument();
    await act(async () => {
      chat.deliver('therapist-1', 't2', 'Take your time.');
      await settle();
    });
    await waitFor(() =>
      expect(within(navigation).getByRole('link', { name: 'Chat 1 unread' })).toBeInTheDocument(),
    );
  });

  it('ends the chat after asking, and keeps the conversation on screen read-only', async () => {
    state = { exists: true, status: 'open', chatSessionId: 'chat-1', requestId: 'chat-1' };
    chat.put('therapist-1', 't1', 'How are you?');
    const { user } = renderApp('/chat');
    await waitFor(() => expect(chat.sources.length).toBe(1));
    await emit('ready', {
      ...chat.session,
      participants: [
        ...chat.session.participants,
        { userId: 'therapist-1', name: 'Alex Morgan', role: 'lead', leftAt: null, lastReadAt: null },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'End chat' }));
    expect(screen.getByText(/End this chat\?/)).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'End chat' }).at(-1)!);
    expect(await screen.findByRole('button', { name: 'Start a new chat' })).toBeInTheDocument();
    expect(screen.getByText('How are you?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start a new chat' }));
    expect(await screen.findByRole('button', { name: 'Request a chat' })).toBeInTheDocument();
  });

  it('revokes my chat tokens when I sign out', async () => {
    const { user } = renderApp('/chat');
    await screen.findByRole('button', { name: 'Request a chat' });
    await user.click(screen.getByRole('button', { name: /^Account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(revoked).toBe(1));
  });

  it('lists past conversations and opens one', async () => {
    const history: ChatHistory = {
      sessions: [
        {
          ...chat.session,
          status: 'ended',
          endedAt: '2026-03-01T11:00:00.000Z',
          participants: [
            ...chat.session.participants,
            { userId: 'therapist-1', name: 'Alex Morgan', role: 'lead', leftAt: null, lastReadAt: null },
          ],
          messages: [chat.put(ME, 'old-1', 'An earlier talk')],
        },
      ],
    };
    msw.use(getGetMyChatHistoryMockHandler(history));
    const { user } = renderApp('/chat/history');
    expect(await screen.findByRole('heading', { level: 1, name: 'Past conversations' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: /With Alex Morgan/ }));
    expect(await screen.findByText('An earlier talk')).toBeInTheDocument();
  });

  it('says what will appear in past conversations, and how to talk now, when there are none', async () => {
    msw.use(getGetMyChatHistoryMockHandler({ sessions: [] }));
    renderApp('/chat/history');
    expect(
      await screen.findByText(
        'You have no past conversations yet. When a chat with your care team ends, you can read it again here. To talk now, open Chat.',
      ),
    ).toBeInTheDocument();
  });
});
