import { Button } from '@mantine/core';
import { IconLifebuoy } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAuth } from '@tend/auth';
import { closeCrisisPanel, CrisisModal, openCrisisPanel, useCrisisWords } from '@tend/domain/crisis';
import { useOffered } from '@tend/domain/offered';
import { useTranslation } from '@tend/i18n';

/** The chat page (the chat feature's route): where an emergency chat continues once requested. */
const CHAT_PATH = '/chat';
/** The patient's own safety plan (the safety-plan feature's route). */
const SAFETY_PLAN_PATH = '/safety-plan';

/**
 * "Get help now": always in the header, one action away, opening the crisis panel. Bundled with the app's
 * entry (no lazy chunk, no network call), so it opens offline and while the server is down.
 */
export function GetHelpButton({ signedIn }: { signedIn: boolean }) {
  const { td } = useCrisisWords();
  const { t } = useTranslation('patient');
  // Signed in: the organisation's own crisis lines (kept on the device, so also offline) and whether it offers
  // the urgent chat. Signed out: the built-in lines.
  const { user } = useAuth();
  const offered = useOffered(signedIn ? user?.uid : undefined);
  return (
    <>
      <Button
        color="red"
        variant="filled"
        size="sm"
        leftSection={<IconLifebuoy size={18} aria-hidden="true" />}
        onClick={() => openCrisisPanel('help')}
      >
        {td('crisis.button')}
      </Button>
      <CrisisModal
        signedIn={signedIn}
        organisationLines={signedIn ? offered.crisisLines : undefined}
        offersUrgentChat={offered.features.emergencyChat}
        chatLink={(label) => (
          <Button component={Link} to={CHAT_PATH} variant="light">
            {label}
          </Button>
        )}
      >
        {signedIn ? (
          <Button component={Link} to={SAFETY_PLAN_PATH} variant="light" onClick={closeCrisisPanel}>
            {t('crisisPanel.safetyPlan')}
          </Button>
        ) : null}
      </CrisisModal>
    </>
  );
}
