import { createContext, useContext, useSyncExternalStore } from 'react';
import type { AuthClient } from './authClient.ts';
import type { AuthSnapshot, AuthUser } from './types.ts';

/** The session's context (its own module, so the providers and the dialogs that read it import no circle). */
export const AuthContext = createContext<AuthClient | null>(null);

/** The AuthClient of the app (throws outside AuthProvider). */
export function useAuthClient(): AuthClient {
  const client = useContext(AuthContext);
  if (!client) throw new Error('useAuth() needs an <AuthProvider> above it');
  return client;
}

export interface UseAuth {
  status: AuthSnapshot['status'];
  user: AuthUser | null;
  /** Why the last session ended (the login page explains it). */
  signOutReason: Extract<AuthSnapshot, { status: 'signedOut' }>['reason'];
  signOut: AuthClient['signOut'];
  client: AuthClient;
}

/** The session, re-rendering on every change. */
export function useAuth(): UseAuth {
  const client = useAuthClient();
  const snapshot = useSyncExternalStore(client.subscribe, client.getSnapshot, client.getSnapshot);
  return {
    status: snapshot.status,
    user: snapshot.user,
    signOutReason: snapshot.status === 'signedOut' ? snapshot.reason : undefined,
    signOut: client.signOut,
    client,
  };
}
