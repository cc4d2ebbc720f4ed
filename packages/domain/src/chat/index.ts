// @tend/domain/chat: the chat client (connection state machine, stream events, back-off, resume with
// Last-Event-ID, outbox with client keys, dedupe by key, read receipts, unread bookkeeping), its React hook,
// the chat's queries and mutations, and the components both apps show. See README.md.
export {
  ChatClient,
  FIRST_PAGE_SIZE,
  OLDER_PAGE_SIZE,
  type ChatClientPorts,
  type ChatSnapshot,
  type EventSourceLike,
  type NetworkPort,
  type TimerPort,
} from './client/ChatClient.ts';
export { acquireChatClient, stopChatClients, RELEASE_GRACE_MS, type ChatLease } from './client/registry.ts';
export {
  backoffDelay,
  initialConnection,
  transition,
  type ClosedReason,
  type ConnectionEvent,
  type ConnectionState,
  type ConnectionStatus,
} from './model/connection.ts';
export {
  parseStreamEvent,
  resumeFrom,
  RESUME_OVERLAP_MS,
  STREAM_EVENTS,
  type ChatStreamEvent,
} from './model/events.ts';
export { linkParts, safeHref, type TextPart } from './model/links.ts';
export { readReceipts, readBySomeone, type Receipt } from './model/receipts.ts';
export {
  emptyThread,
  hasUnseen,
  mergeMessages,
  threadItems,
  threadReducer,
  type OutboxItem,
  type PendingEdit,
  type ThreadAction,
  type ThreadItem,
  type ThreadState,
} from './model/thread.ts';
export { useChat, chatPorts, streamUrl, type UseChatOptions } from './hooks/useChat.ts';
export { acceptedBy, chatStateOf, MY_CHATS_KEY, NO_CHAT, type ChatRole } from './hooks/cache.ts';
export { chatsOf, unreadOf, type MyChatPages } from './model/my-chats.ts';
export * from './queries.ts';
export { ChatConversation, type ChatConversationProps } from './components/ChatConversation.tsx';
export { ChatThread, type ChatThreadProps, type ThreadHistory } from './components/ChatThread.tsx';
export { ChatTranscripts, type ChatTranscriptsProps } from './components/ChatTranscripts.tsx';
export { Composer, type ComposerProps, type ComposerEdit } from './components/Composer.tsx';
export { ConnectionNotice, closedText, type ConnectionNoticeProps } from './components/ConnectionNotice.tsx';
export { MessageBubble, type MessageBubbleProps, type MessageActions } from './components/MessageBubble.tsx';
export { MessageText, type MessageTextProps } from './components/MessageText.tsx';
export { NewMessagesPill, type NewMessagesPillProps } from './components/NewMessagesPill.tsx';
export { dateTimeOf, timeOf } from './components/format.ts';
export { useChatWords } from './words.ts';
