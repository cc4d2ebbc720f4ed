import { Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ProblemAlert, toProblem } from '@tend/domain';
import { useIntakeQueue, useTherapistLoad } from '@tend/domain/intake';
import { useTranslation } from '@tend/i18n';
import { AssignPanel } from './AssignPanel.tsx';
import { IntakeQueue } from './IntakeQueue.tsx';
import { TherapistLoadTable } from './TherapistLoadTable.tsx';
import { useOrganisationChoice } from './useOrganisationChoice.ts';

/**
 * Intake: the organisation's patients waiting for a therapist (high risk first, then the longest wait), the
 * people chosen placed with a therapist at once, and each therapist's load beside it.
 */
export function IntakePage() {
  const { t } = useTranslation('admin');
  const { organisationId, options, choose, roots } = useOrganisationChoice();
  return (
    <Stack gap="lg">
      <Title order={1}>{t('intake.title')}</Title>
      <Text>{t('intake.intro')}</Text>
      {roots.isPending && !organisationId ? (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text size="sm">{t('intake.queue.loading')}</Text>
        </Group>
      ) : roots.error && !organisationId ? (
        <ProblemAlert problem={toProblem(roots.error)} onRetry={() => void roots.refetch()} />
      ) : !organisationId ? (
        <Text c="dimmed">{t('intake.noOrganisation')}</Text>
      ) : (
        <>
          {options.length > 1 ? (
            <Select
              maw={420}
              label={t('intake.organisation')}
              description={t('intake.organisationHint')}
              searchable
              allowDeselect={false}
              data={options}
              value={organisationId}
              onChange={(value) => value && choose(value)}
            />
          ) : null}
          <OrganisationIntake key={organisationId} organisationId={organisationId} />
        </>
      )}
    </Stack>
  );
}

function OrganisationIntake({ organisationId }: { organisationId: string }) {
  const queue = useIntakeQueue(organisationId);
  const load = useTherapistLoad(organisationId);
  const [chosen, setChosen] = useState<string[]>([]);
  const toggle = (patientId: string, on: boolean) =>
    setChosen((current) =>
      on ? [...new Set([...current, patientId])] : current.filter((id) => id !== patientId),
    );
  return (
    <Stack gap="xl">
      <IntakeQueue queue={queue} chosen={chosen} onToggle={toggle} />
      <AssignPanel
        organisationId={organisationId}
        chosen={chosen.filter((id) => queue.patients.some((p) => p.patientId === id))}
        load={load}
        onPlaced={() => setChosen([])}
        onTaken={() => {
          setChosen([]);
          void queue.refetch();
        }}
      />
      <TherapistLoadTable load={load} />
    </Stack>
  );
}
