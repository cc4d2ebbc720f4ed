import type { ReactNode } from 'react';
import type { AuthClient } from './authClient.ts';
import { AuthContext } from './authContext.ts';
import { ReauthenticationProvider } from './Reauthentication.tsx';

export { useAuth, useAuthClient, type UseAuth } from './authContext.ts';

/** Provides the session (useAuth) and re-authentication (useReauthenticate). Inside Mantine's provider. */
export function AuthProvider({ client, children }: { client: AuthClient; children: ReactNode }) {
  return (
    <AuthContext.Provider value={client}>
      <ReauthenticationProvider>{children}</ReauthenticationProvider>
    </AuthContext.Provider>
  );
}
