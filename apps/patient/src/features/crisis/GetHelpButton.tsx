import { Button } from '@mantine/core';
import { IconLifebuoy } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CrisisModal, openCrisisPanel, useCrisisWords } from '@tend/domain/crisis';

/** The chat page (the chat feature's route): where an emergency chat continues once requested. */
const CHAT_PATH = '/chat';

/**
 * "Get help now": always in the header, one action away, opening the crisis panel. Bundled with the app's
 * entry (no lazy chunk, no network call), so it opens offline and while the server is down.
 */
export function GetHelpButton({ signedIn }: { signedIn: boolean }) {
  const { td } = useCrisisWords();
  return (
    <>
      <Button color="red" variant="filled" size="sm" leftSection={<IconLifebuoy size={18} aria-hidden="true" />} onClick={() => openCrisisPanel('help')}>
        {td('crisis.button')}
      </Button>
      <CrisisModal
        signedIn={signedIn}
        chatLink={(label) => (
          <Button component={Link} to={CHAT_PATH} variant="light">
            {label}
          </Button>
        )}
      />
    </>
  );
}
