import { Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { ProblemAlert, toProblem } from '@tend/core';
import { IntakeOrganisationPicker, IntakeWorkspace, useMyIntakeOrganisations } from '@tend/domain/intake';
import { useTranslation } from '@tend/i18n';

/**
 * `/intake` for a lead therapist: the same queue and placing as the admin console's Intake (@tend/domain's
 * IntakeWorkspace) for the organisations they lead (their own first; `?organisation=` chooses another).
 */
export function IntakePage() {
  const { t } = useTranslation('therapist');
  const [search, setSearch] = useSearchParams();
  const mine = useMyIntakeOrganisations();
  const organisations = mine.data?.items ?? [];
  const asked = search.get('organisation');
  const organisationId =
    organisations.find((o) => o.organisationId === asked)?.organisationId ?? organisations[0]?.organisationId;
  return (
    <Stack gap="lg">
      <Title order={1}>{t('intake.title')}</Title>
      {mine.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text size="sm">{t('intake.loading')}</Text>
        </Group>
      ) : mine.error ? (
        <ProblemAlert problem={toProblem(mine.error)} onRetry={() => void mine.refetch()} />
      ) : !organisationId ? (
        <Text data-testid="intake-not-lead">{t('intake.notLead')}</Text>
      ) : (
        <>
          <Text>{t('intake.intro')}</Text>
          <IntakeOrganisationPicker
            options={organisations.map((o) => ({ value: o.organisationId, label: o.name }))}
            value={organisationId}
            onChange={(value) => setSearch({ organisation: value }, { replace: true })}
          />
          <IntakeWorkspace key={organisationId} organisationId={organisationId} />
        </>
      )}
    </Stack>
  );
}
