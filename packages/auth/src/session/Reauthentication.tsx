import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { toProblem } from '@tend/core';
import { problem } from '../flow/problems.ts';
import { useAuth } from './authContext.ts';

// The dialog (password and code forms) is its own chunk: loaded the first time someone must re-authenticate.
const ReauthDialog = lazy(() => import('./ReauthDialog.tsx'));

/** A re-authentication older than this is renewed before a sensitive action (the server allows 10 minutes). */
export const REAUTH_FRESH_MS = 5 * 60_000;

export interface Reauthenticate {
  /** Asks for the password (and second factor) again; true once the session is re-minted, false if cancelled. */
  reauthenticate: () => Promise<boolean>;
  /**
   * Runs a sensitive action after a recent re-authentication: asks first when the last one is older than
   * 5 minutes, and once more if the server still answers `reauthentication_required`. Rejects with the
   * `reauthenticationRequired` problem when the user cancels.
   */
  withReauthentication: <T>(action: () => Promise<T>) => Promise<T>;
}

const ReauthContext = createContext<Reauthenticate | null>(null);

/** Provides useReauthenticate(); renders the re-authentication dialog when asked. Inside AuthProvider. */
export function ReauthenticationProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const waiting = useRef<Array<(ok: boolean) => void>>([]);
  const reauthAt = user?.reauthAt ?? null;

  // Several callers asking at once share one dialog.
  const reauthenticate = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        waiting.current.push(resolve);
        setOpen(true);
      }),
    [],
  );

  const finish = useCallback((ok: boolean) => {
    const resolvers = waiting.current;
    waiting.current = [];
    setOpen(false);
    for (const resolve of resolvers) resolve(ok);
  }, []);

  const value = useMemo<Reauthenticate>(
    () => ({
      reauthenticate,
      async withReauthentication(action) {
        if (reauthAt === null || Date.now() - reauthAt > REAUTH_FRESH_MS) {
          if (!(await reauthenticate())) throw problem('reauthenticationRequired');
        }
        try {
          return await action();
        } catch (error) {
          if (toProblem(error).code !== 'reauthentication_required') throw error;
          if (!(await reauthenticate())) throw problem('reauthenticationRequired');
          return action();
        }
      },
    }),
    [reauthAt, reauthenticate],
  );

  return (
    <ReauthContext.Provider value={value}>
      {children}
      {open ? (
        <Suspense fallback={null}>
          <ReauthDialog onDone={finish} />
        </Suspense>
      ) : null}
    </ReauthContext.Provider>
  );
}

export function useReauthenticate(): Reauthenticate {
  const value = useContext(ReauthContext);
  if (!value) throw new Error('useReauthenticate() needs a <ReauthenticationProvider> (inside AuthProvider)');
  return value;
}
