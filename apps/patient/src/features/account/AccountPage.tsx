import { Loader, Stack, Text, Title } from '@mantine/core';
import { ProblemAlert, toProblem } from '@tend/core';
import { useAccountSummary } from '@tend/domain/account';
import { useTranslation } from '@tend/i18n';
import { DeleteAccountSection } from './DeleteAccountSection.tsx';
import { NotificationsSection } from './NotificationsSection.tsx';
import { ResearchSection } from './ResearchSection.tsx';
import { PatientRecordSection } from './PatientRecordSection.tsx';
import { LanguageSection, NameSection, ScreenNameSection } from './ProfileSections.tsx';
import { EmailSection, PasswordSection } from './SignInSections.tsx';

/** /account: the patient's own account, one section (and one Save) per thing they may change. */
export function AccountPage() {
  const { t } = useTranslation('patient');
  const summary = useAccountSummary();
  return (
    <Stack gap="xl" maw={760}>
      <Stack gap="xs">
        <Title order={1}>{t('account.title')}</Title>
        <Text>{t('account.intro')}</Text>
      </Stack>
      {summary.isPending ? (
        <Loader role="progressbar" aria-label={t('ui.loading')} />
      ) : summary.isError && !summary.data ? (
        <ProblemAlert
          problem={toProblem(summary.error)}
          message={t('account.loadFailed')}
          onRetry={() => void summary.refetch()}
        />
      ) : (
        <>
          <NameSection summary={summary.data} />
          <ScreenNameSection summary={summary.data} />
          <LanguageSection summary={summary.data} />
          <EmailSection summary={summary.data} />
          <PasswordSection summary={summary.data} />
        </>
      )}
      <NotificationsSection />
      <ResearchSection />
      <PatientRecordSection />
      <DeleteAccountSection />
    </Stack>
  );
}
