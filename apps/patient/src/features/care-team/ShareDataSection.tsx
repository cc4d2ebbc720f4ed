import { Alert, Button, Group, List, Modal, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { TherapistSummary } from '@tend/api/model';
import { useAuth } from '@tend/auth';
import { ProblemAlert, useSubmit } from '@tend/core';
import { useShareableTherapists, useShareData } from '@tend/domain/care-team';
import { useTranslation } from '@tend/i18n';
import { Section } from '../../components/Section.tsx';
import { Loaded } from '../../components/Loaded.tsx';

const nameOf = (t: TherapistSummary) => `${t.firstName} ${t.lastName}`.trim();

/** Therapists of the organisation not yet in the care team; sharing with one after a plain confirmation. */
export function ShareDataSection() {
  const { t } = useTranslation('patient');
  const { user } = useAuth();
  const eligible = useShareableTherapists(user?.uid);
  const share = useShareData();
  const [chosen, setChosen] = useState<TherapistSummary | null>(null);
  const [sharedWith, setSharedWith] = useState<string | null>(null);
  const submit = useSubmit(
    (therapist: TherapistSummary) =>
      share.mutateAsync({ patientId: user?.uid ?? '', therapistId: therapist.therapistId }),
    {
      onSuccess: (_assignment, therapist) => {
        setSharedWith(nameOf(therapist));
        setChosen(null);
      },
    },
  );
  const name = chosen ? nameOf(chosen) : '';
  return (
    <Section title={t('care-team.share.title')}>
      <Text>{t('care-team.share.intro')}</Text>
      {sharedWith ? (
        <Alert color="teal" role="status" variant="light">
          {t('care-team.share.shared', { name: sharedWith })}
        </Alert>
      ) : null}
      <Loaded query={eligible} failed={t('care-team.share.loadFailed')}>
        {(shareable) =>
          shareable.items.length === 0 ? (
            <Text>{t('care-team.share.empty')}</Text>
          ) : (
            <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {shareable.items.map((therapist) => (
                <Paper key={therapist.therapistId} component="li" withBorder p="sm">
                  <Group justify="space-between">
                    <Text fw={600}>{nameOf(therapist)}</Text>
                    <Button
                      className="tend-wrapping-button"
                      variant="light"
                      onClick={() => {
                        submit.reset();
                        setChosen(therapist);
                      }}
                    >
                      {t('care-team.share.button', { name: nameOf(therapist) })}
                    </Button>
                  </Group>
                </Paper>
              ))}
            </Stack>
          )
        }
      </Loaded>
      <Modal
        opened={chosen !== null}
        onClose={() => setChosen(null)}
        title={t('care-team.share.confirmTitle', { name })}
        closeButtonProps={{ 'aria-label': t('care-team.share.cancel') }}
      >
        <Stack gap="sm">
          <Text>{t('care-team.share.whatTheySee', { name })}</Text>
          <List spacing={4}>
            <List.Item>{t('care-team.share.points.moments')}</List.Item>
            <List.Item>{t('care-team.share.points.risk')}</List.Item>
            <List.Item>{t('care-team.share.points.chats')}</List.Item>
          </List>
          <Text>{t('care-team.share.notShared')}</Text>
          <ProblemAlert problem={submit.problem} onRetry={() => chosen && void submit.submit(chosen)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setChosen(null)}>
              {t('care-team.share.cancel')}
            </Button>
            <Button onClick={() => chosen && void submit.submit(chosen)} loading={submit.pending}>
              {t('care-team.share.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Section>
  );
}
