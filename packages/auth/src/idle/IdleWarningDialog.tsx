import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useAuthTranslation } from '../i18n.ts';

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

export interface IdleWarningDialogProps {
  /** When the sign-out happens; null while the person is active (the dialog is closed). */
  deadline: number | null;
  stay: () => void;
  signOutNow: () => void;
}

/** The warning before an idle sign-out: a live countdown, "Sign out now" and "Stay signed in". */
export function IdleWarningDialog({ deadline, stay, signOutNow }: IdleWarningDialogProps) {
  const { t } = useAuthTranslation();
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
          <Button variant="default" onClick={signOutNow}>
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
