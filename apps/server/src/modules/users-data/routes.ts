// users-data tag (data-export tooling): clone a user into an anonymised test user, export everything kept
// about a user, create a user, erase a user. Which tables hold a user's rows is found from the database
// catalogue (./tables.ts), so tables added later are covered without editing a list.
//
// Firebase accounts are created and deleted when Firebase is configured (the Auth emulator in development
// and tests that start one, the real project in production); without it (unit tests on PGlite) only the
// Tend records are written, and a created user without a password gets no reset mail.
//
// The handlers: ./accounts.ts (clone, create), ./records.ts (export, find, erase) and ./log.ts (the log of
// these actions).
import type { Handlers } from '../../http/types.ts';
import { accountHandlers } from './accounts.ts';
import { logHandlers } from './log.ts';
import { recordHandlers } from './records.ts';

export const handlers: Handlers = { ...accountHandlers, ...recordHandlers, ...logHandlers };
