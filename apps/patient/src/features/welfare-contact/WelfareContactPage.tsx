import { List, Stack, Text } from '@mantine/core';
import { useAuth } from '@tend/auth';
import { useWelfareContact } from '@tend/domain/welfare-contact';
import { useTranslation } from '@tend/i18n';
import { QueryStatus } from '../../components/Loaded.tsx';
import { PageIntro } from '../../components/PageIntro.tsx';
import { Section } from '../../components/Section.tsx';
import { ContactSection } from './ContactSection.tsx';
import { SentEmails } from './SentEmails.tsx';

/**
 * The welfare contact: who the care team may e-mail to ask them to check in on the patient, what that person
 * is and is not told, the contact named, changed or withdrawn here, and each e-mail sent.
 */
export function WelfareContactPage() {
  const { t } = useTranslation('patient');
  const { user } = useAuth();
  const record = useWelfareContact(user?.uid);
  return (
    <Stack gap="lg" maw={720}>
      <PageIntro title={t('welfare-contact.title')} intro={t('welfare-contact.intro')} />
      <Section title={t('welfare-contact.told.title')}>
        <Text fw={600}>{t('welfare-contact.told.will')}</Text>
        <List spacing={4}>
          <List.Item>{t('welfare-contact.told.willChose')}</List.Item>
          <List.Item>{t('welfare-contact.told.willCheckIn')}</List.Item>
          <List.Item>{t('welfare-contact.told.willMessage')}</List.Item>
          <List.Item>{t('welfare-contact.told.willDanger')}</List.Item>
        </List>
        <Text fw={600}>{t('welfare-contact.told.wont')}</Text>
        <List spacing={4}>
          <List.Item>{t('welfare-contact.told.wontHealth')}</List.Item>
          <List.Item>{t('welfare-contact.told.wontEntries')}</List.Item>
          <List.Item>{t('welfare-contact.told.wontAccess')}</List.Item>
        </List>
        <Text size="sm">{t('welfare-contact.told.who')}</Text>
      </Section>
      <QueryStatus query={record} />
      {record.data && user ? (
        <>
          <ContactSection patientId={user.uid} contact={record.data.contact} />
          <SentEmails emails={record.data.emails} />
        </>
      ) : null}
    </Stack>
  );
}
