import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useAuth } from '../session/authContext.ts';
import { createIdleTimer, listenForActivity, type IdleTimer } from './idleTimer.ts';

/**
 * The warning dialog (a Modal, with its focus trap and scroll lock) is not in the first view's JavaScript: it
 * loads (closed) once someone is signed in, long before an idle warning can open.
 */
const IdleWarningDialog = lazy(async () => ({
  default: (await import('./IdleWarningDialog.tsx')).IdleWarningDialog,
}));

export interface IdleTimeoutProps {
  /** Inactivity before sign-out (resolveIdleTimeout gives the app's value). */
  timeoutMs: number;
  /** Warning before the sign-out; default 60 s (at most half the timeout). */
  warningMs?: number;
  /** Absolute session limit; default 12 hours. */
  maxSessionMs?: number;
}

/**
 * Signs the user out after `timeoutMs` without activity, after a warning dialog with a live countdown and a
 * "Stay signed in" button; and after 12 hours whatever happens. Renders nothing while signed out.
 */
export function IdleTimeout({ timeoutMs, warningMs, maxSessionMs }: IdleTimeoutProps) {
  const { status, user, signOut } = useAuth();
  const [deadline, setDeadline] = useState<number | null>(null);
  const timer = useRef<IdleTimer | null>(null);
  const signedInAt = user?.signedInAt;

  useEffect(() => {
    if (status !== 'signedIn' || signedInAt === undefined) return;
    const idle = createIdleTimer({
      timeoutMs,
      warningMs,
      maxSessionMs,
      sessionStart: signedInAt,
      onWarn: (at) => setDeadline(at),
      onTimeout: (reason) => {
        setDeadline(null);
        void signOut(reason);
      },
    });
    timer.current = idle;
    const unlisten = listenForActivity(document, () => idle.activity());
    return () => {
      unlisten();
      idle.stop();
      timer.current = null;
      setDeadline(null);
    };
  }, [status, signedInAt, timeoutMs, warningMs, maxSessionMs, signOut]);

  const stay = useCallback(() => {
    timer.current?.stayActive();
    setDeadline(null);
  }, []);

  const signOutNow = useCallback(() => void signOut('user'), [signOut]);

  if (status !== 'signedIn') return null;
  return (
    <Suspense fallback={null}>
      <IdleWarningDialog deadline={deadline} stay={stay} signOutNow={signOutNow} />
    </Suspense>
  );
}
