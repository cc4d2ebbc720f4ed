import { Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useAuth } from '@tend/auth';
import { openCrisisPanel } from '@tend/domain/crisis';
import { nextSteps, type NextStep, type Recorded } from '@tend/domain/next-step';
import { useOffered } from '@tend/domain/offered';
import { useWhoSees } from '@tend/domain/safety-net';
import { useTranslation } from '@tend/i18n';
import { paths } from '../paths.ts';
import { Section } from './Section.tsx';

const TO: Record<NextStep, string> = {
  'safety-plan': paths.safetyPlan,
  breathing: paths.breathing,
  'thought-record': paths.cbt,
  'message-therapist': paths.chat,
};

/**
 * "A next step": after a check-up or a screening, at most two suggestions chosen by @tend/domain/next-step's
 * rules, each a sentence and a link. With the safety plan (things look very hard) crisis help stands beside
 * it, never replaced by it. Nothing is shown when no rule holds.
 */
export function NextSteps({ recorded }: { recorded: Recorded }) {
  const { t } = useTranslation('patient');
  const { user } = useAuth();
  const offered = useOffered(user?.uid);
  const { audience } = useWhoSees();
  const steps = nextSteps(recorded, {
    hasTherapist: audience.kind === 'therapists',
    chatOffered: offered.features.chat,
    cbtOffered: offered.features.cbt,
  });
  if (steps.length === 0) return null;
  return (
    <Section title={t('nextStep.title')}>
      {steps.map((step) => (
        <Stack key={step} gap={6}>
          <Text>{t(`nextStep.${step}.why`)}</Text>
          <Group gap="xs">
            <Button component={Link} to={TO[step]} variant="light">
              {t(`nextStep.${step}.action`)}
            </Button>
            {step === 'safety-plan' ? (
              <Button color="red" onClick={() => openCrisisPanel()}>
                {t('nextStep.crisis')}
              </Button>
            ) : null}
          </Group>
        </Stack>
      ))}
    </Section>
  );
}
