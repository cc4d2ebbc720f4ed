import { Paper, Stack, Text } from '@mantine/core';
import type { WelfareEmailSent } from '@tend/api/model';
import { formatDateTime } from '@tend/core/time';
import { useTranslation } from '@tend/i18n';
import { Section } from '../../components/Section.tsx';

/** Each welfare e-mail the care team sent to the contact: when, by whom, to which address (newest first). */
export function SentEmails({ emails }: { emails: readonly WelfareEmailSent[] }) {
  const { t } = useTranslation('patient');
  return (
    <Section title={t('welfare-contact.sent.title')}>
      {emails.length === 0 ? (
        <Text>{t('welfare-contact.sent.none')}</Text>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {emails.map((e) => (
            <Paper component="li" key={e.id} withBorder p="sm" radius="md">
              <Text fw={600}>{formatDateTime(e.sentAt)}</Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {e.sentBy
                  ? t('welfare-contact.sent.by', { therapist: e.sentBy, to: e.to })
                  : t('welfare-contact.sent.byCareTeam', { to: e.to })}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
    </Section>
  );
}
