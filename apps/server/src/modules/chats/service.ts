// The chat domain shared by the chat modules (patient-chat, chats, therapist-chat, admin-chat) and the
// live stream: sessions and requests, participants, messages, read state, and who may see what.
//
// A chat request is a chat session in status `requested` (its id is the requestId); accepting it makes it
// `active` (the contract's `open`); ending it makes it `ended`. The patient's opening message is the
// request's message and the session's first chat message.
//
// Its parts: types.ts (the rows and views, the transport flag, the chat errors), access.ts (who is calling, names,
// who may see what), views.ts (loading sessions, participants and messages, and the contract's views),
// changes.ts (messages, ending, read state, each published to the live stream). Modules import from here.
export * from './types.ts';
export * from './access.ts';
export * from './views.ts';
export * from './changes.ts';
