import { Stack } from '@mantine/core';
import { useAccountSummary } from '@tend/domain/account';
import { useTranslation } from '@tend/i18n';
import { Loaded } from '../../components/Loaded.tsx';
import { PageIntro } from '../../components/PageIntro.tsx';
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
      <PageIntro title={t('account.title')} intro={t('account.intro')} />
      <Loaded query={summary} failed={t('account.loadFailed')}>
        {(data) => (
          <>
            <NameSection summary={data} />
            <ScreenNameSection summary={data} />
            <LanguageSection summary={data} />
            <EmailSection summary={data} />
            <PasswordSection summary={data} />
          </>
        )}
      </Loaded>
      <NotificationsSection />
      <ResearchSection />
      <PatientRecordSection />
      <DeleteAccountSection />
    </Stack>
  );
}
