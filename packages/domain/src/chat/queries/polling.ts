/** How often the chat's lists are read again (the live stream is per chat, not per list). */
/** How often the therapist's request queue and chat list are read again while the console is open. */
export const REQUESTS_POLL_MS = 5000;
export const CHATS_POLL_MS = 15_000;
/** The patient's chat state (an emergency request may start elsewhere, e.g. the crisis panel). */
export const CHAT_STATE_POLL_MS = 60_000;
