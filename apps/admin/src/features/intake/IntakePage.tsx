import { Stack, Text, Title } from '@mantine/core';
import { ProblemAlert, toProblem } from '@tend/core';
import { IntakeOrganisationPicker, IntakeWorkspace } from '@tend/domain/intake';
import { useTranslation } from '@tend/i18n';
import { useOrganisationChoice } from './useOrganisationChoice.ts';
import { LoadingLine } from '../../components/LoadingLine.tsx';

/**
 * Intake: the organisation's patients waiting for a therapist (high risk first, then the longest wait), the
 * people chosen placed with a therapist at once, and each therapist's load beside it (@tend/domain's
 * IntakeWorkspace, which lead therapists use in the therapist console too).
 */
export function IntakePage() {
  const { t } = useTranslation('admin');
  const { organisationId, options, choose, roots } = useOrganisationChoice();
  return (
    <Stack gap="lg">
      <Title order={1}>{t('intake.title')}</Title>
      <Text>{t('intake.intro')}</Text>
      {roots.isPending && !organisationId ? (
        <LoadingLine label={t('intake.loading')} />
      ) : roots.error && !organisationId ? (
        <ProblemAlert problem={toProblem(roots.error)} onRetry={() => void roots.refetch()} />
      ) : !organisationId ? (
        <Text c="dimmed">{t('intake.noOrganisation')}</Text>
      ) : (
        <>
          <IntakeOrganisationPicker options={options} value={organisationId} onChange={choose} />
          <IntakeWorkspace key={organisationId} organisationId={organisationId} />
        </>
      )}
    </Stack>
  );
}
