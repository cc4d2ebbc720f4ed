import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAuthTranslation } from '../i18n.ts';
import { useAuth } from '../session/authContext.ts';
import { createIdleTimer, listenForActivity, type IdleTimer } from './idleTimer.ts';

export interface IdleTimeoutProps {
  /** Inactivity before sign-out (resolveIdleTimeout gives the app's value). */
  timeoutMs: number;
  /** Warning before the sign-out; default 60 s (at most half the timeout). */
  warningMs?: number;
  /** Absolute session limit; default 12 hours. */
  maxSessionMs?: number;
}

function Countdown({ deadline }: { deadline: number }) {
  const { t } = useAuthTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  const count = Math.max(0, Math.ceil((deadline - now) / 1000));
  // role=timer is not announced on every tick (aria-live off); the dialog's opening is.
  return (
    <Text role="timer" aria-live="off" aria-atomic="true">
      {t('idle.warning', { count })}
    </Text>
  );
}

/**
 * Signs the user out after `timeoutMs` without activity, after a warning dialog with a live countdown and a
 * "Stay signed in" button; and after 12 hours whatever happens. Renders nothing while signed out.
 */
export function IdleTimeout({ timeoutMs, warningMs, maxSessionMs }: IdleTimeoutProps) {
  const { t } = useAuthTranslation();
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

  return (
    <Modal
      opened={deadline !== null}
      onClose={stay}
      title={t('idle.title')}
      closeOnClickOutside={false}
      centered
      withCloseButton={false}
    >
      <Stack gap="md">
        {deadline !== null ? <Countdown deadline={deadline} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void signOut('user')}>
            {t('idle.signOutNow')}
          </Button>
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog's main action */}
          <Button onClick={stay} autoFocus data-autofocus>
            {t('idle.staySignedIn')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
