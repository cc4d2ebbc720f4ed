import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { useAuth } from '@tend/auth';
import { useOffered, type OfferedFeature } from '@tend/domain/offered';
import { useTranslation } from '@tend/i18n';
import { paths } from '../../paths.ts';

/**
 * The pages of a feature the patient's organisation may switch off (journal, CBT, screening, chat): shown
 * when it is offered; otherwise a page saying, in plain words, that the organisation does not offer it (the
 * server refuses its calls too), with the way back and help that is always there.
 */
export function OfferedGate({ feature }: { feature: OfferedFeature }) {
  const { t } = useTranslation('patient');
  const { user } = useAuth();
  const { features } = useOffered(user?.uid);
  // The chat page also carries an urgent chat asked for from the crisis panel.
  if (features[feature] || (feature === 'chat' && features.emergencyChat)) return <Outlet />;
  return (
    <Stack gap="md" maw={640}>
      <Title order={1}>{t(`offered.names.${feature}`)}</Title>
      <Alert color="tend" variant="light" title={t('offered.notOffered.title')}>
        <Stack gap="xs">
          <Text size="sm">{t('offered.notOffered.text')}</Text>
          <Text size="sm">{t('offered.notOffered.help')}</Text>
        </Stack>
      </Alert>
      <Group>
        <Button component={Link} to={paths.today} variant="light">
          {t('offered.notOffered.home')}
        </Button>
      </Group>
    </Stack>
  );
}
