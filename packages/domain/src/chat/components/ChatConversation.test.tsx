import { act, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '@tend/ui/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatClient } from '../client/ChatClient.ts';
import {
  FakeChatServer,
  FakeNetwork,
  ManualTimers,
  layoutForVirtualLists,
  networkError,
  settle,
} from '../client/testing.ts';
import { useChat } from '../hooks/useChat.ts';
import { ChatConversation } from './ChatConversation.tsx';
import { useSyncExternalStore } from 'react';

const ME = 'patient-1';
const THEM = 'therapist-1';
let restore: () => void;
beforeAll(() => {
  restore = layoutForVirtualLists();
});
afterAll(() => restore());

function Harness({ client }: { client: ChatClient }) {
  const snapshot = useSyncExternalStore(client.subscribe, client.getSnapshot);
  return (
    <ChatConversation
      client={client}
      snapshot={snapshot}
      label="Conversation with Alex Morgan"
      height={400}
    />
  );
}

async function open(server: FakeChatServer, network = new FakeNetwork()) {
  const client = new ChatClient(server.ports(ME, { timers: new ManualTimers(), network }));
  void client.loadNewest();
  client.start();
  const view = renderWithProviders(<Harness client={client} />);
  await act(async () => {
    await settle();
    server.source.emit('ready', server.session);
    await settle();
  });
  return { client, ...view };
}

describe('the conversation', () => {
  it('says a history that could not be loaded as a problem (an alert, in words) with Try again', async () => {
    const server = new FakeChatServer();
    server.put(THEM, 't1', 'Hello');
    server.failPage = networkError();
    const client = new ChatClient(
      server.ports(ME, { timers: new ManualTimers(), network: new FakeNetwork() }),
    );
    void client.loadNewest();
    const { user } = renderWithProviders(<Harness client={client} />);
    await act(settle);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load the conversation');
    expect(alert).toHaveTextContent('We could not reach Tend.');
    server.failPage = null;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await act(settle);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(await screen.findByText('Hello')).toBeInTheDocument();
  });

  it('shows the newest messages as text (links safe, never HTML) in a labelled, focusable region', async () => {
    const server = new FakeChatServer();
    server.put(THEM, 't1', 'Hello <b>Sam</b>, see https://www.nhs.uk/ and javascript:alert(1)');
    await open(server);
    const region = screen.getByRole('region', { name: 'Conversation with Alex Morgan' });
    expect(region).toHaveAttribute('tabindex', '0');
    const message = within(region).getByRole('article', { name: /^Alex Morgan/ });
    expect(message).toHaveTextContent('Hello <b>Sam</b>, see https://www.nhs.uk/ and javascript:alert(1)');
    expect(message.querySelector('b')).toBeNull();
    const link = within(message).getByRole('link', { name: 'https://www.nhs.uk/' });
    expect(link).toHaveAttribute('href', 'https://www.nhs.uk/');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(within(message).getAllByRole('link')).toHaveLength(1);
  });

  it('sends with Enter, keeps a failed message with Retry, and sends it once', async () => {
    const server = new FakeChatServer();
    const { user } = await open(server);
    server.failSend = networkError();
    const field = screen.getByRole('textbox', { name: 'Your message' });
    await user.type(field, 'Can we talk?{Enter}');
    expect(field).toHaveValue('');
    const failed = await screen.findByText(/Not sent/);
    expect(failed).toBeInTheDocument();
    server.failSend = null;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByText(/Not sent/)).not.toBeInTheDocument());
    expect(server.messages.map((m) => m.messageBody)).toEqual(['Can we talk?']);
    expect(screen.getAllByText('Can we talk?')).toHaveLength(1);
    expect(screen.getByText('Sent')).toBeInTheDocument();
  });

  it('edits my message in the composer (Escape cancels) and shows it edited', async () => {
    const server = new FakeChatServer();
    server.put(ME, 'm1', 'I slep badly');
    const { user } = await open(server);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const field = screen.getByRole('textbox', { name: 'Edit your message' });
    expect(field).toHaveValue('I slep badly');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('textbox', { name: 'Your message' })).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByRole('textbox', { name: 'Edit your message' }));
    await user.type(screen.getByRole('textbox', { name: 'Edit your message' }), 'I slept badly');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('I slept badly')).toBeInTheDocument();
    expect(screen.getByText(/edited/)).toBeInTheDocument();
    expect(server.messages).toHaveLength(1);
  });

  it('announces others’ new messages politely, shows read receipts, and marks read when the newest is in view', async () => {
    const server = new FakeChatServer();
    server.put(ME, 'm1', 'Are you there?');
    await open(server);
    await act(async () => {
      server.deliver(THEM, 't1', 'Yes, I am here.');
      await settle();
    });
    expect(screen.getByText('New message from Alex Morgan: Yes, I am here.')).toBeInTheDocument();
    await waitFor(() => expect(server.reads[ME]).toBeDefined());
    await act(async () => {
      server.source.emit('read', {
        chatSessionId: 'chat-1',
        userId: THEM,
        readAt: new Date(server.tick()).toISOString(),
      });
      await settle();
    });
    expect(screen.getByText('Read by Alex Morgan')).toBeInTheDocument();
  });

  it('says when the connection is lost or offline, and when the chat ended (writing stops)', async () => {
    const server = new FakeChatServer();
    const network = new FakeNetwork();
    await open(server, network);
    act(() => network.set(false));
    expect(screen.getByText(/You are offline/)).toBeInTheDocument();
    act(() => network.set(true));
    await act(async () => {
      await settle();
      server.source.fail();
    });
    expect(screen.getByText(/Connection lost/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try now' })).toBeInTheDocument();
    await act(async () => {
      screen.getByRole('button', { name: 'Try now' }).click();
      await settle();
      server.source.emit('ready', server.session);
      server.source.emit('session', { ...server.session, status: 'ended' });
      server.source.emit('ended', {});
    });
    expect(screen.getAllByText('This chat has ended.').length).toBeGreaterThan(0);
    expect(screen.getByRole('textbox', { name: 'Your message' })).toBeDisabled();
  });

  it('loads earlier messages from the button and shows the start of the conversation', async () => {
    const server = new FakeChatServer();
    for (let i = 0; i < 60; i++) server.put(i % 2 ? ME : THEM, `m${i}`, `message ${i}`);
    const { user, client } = await open(server);
    expect(client.getSnapshot().thread.messages).toHaveLength(50);
    await user.click(screen.getByRole('button', { name: 'Load earlier messages' }));
    await waitFor(() => expect(client.getSnapshot().thread.messages).toHaveLength(60));
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).not.toBeInTheDocument();
    // Only the rows in view (and a few around them) are in the page.
    expect(screen.getAllByRole('listitem').length).toBeLessThan(20);
  });
});

describe('useChat', () => {
  it('is nothing without a session', () => {
    function Probe() {
      const { client, snapshot } = useChat(null, { role: 'patient', selfId: ME });
      return <p>{client === null && snapshot === null ? 'none' : 'some'}</p>;
    }
    renderWithProviders(<Probe />);
    expect(screen.getByText('none')).toBeInTheDocument();
  });
});
