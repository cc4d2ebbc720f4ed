import { Loader, Table, Text } from '@mantine/core';
import { usePatientRecord } from '@tend/domain/account';
import { formatDate } from '@tend/core/time';
import { useTranslation } from '@tend/i18n';
import { SafeText } from '@tend/ui';
import { ReadProblem } from '../../components/Loaded.tsx';
import { Section } from '../../components/Section.tsx';

/** The patient's own record as their organisation keeps it (read only). */
export function PatientRecordSection() {
  const { t } = useTranslation('patient');
  const record = usePatientRecord();
  const notSet = t('account.record.notSet');
  if (record.isPending) {
    return (
      <Section title={t('account.record.title')}>
        <Loader role="progressbar" aria-label={t('ui.loading')} />
      </Section>
    );
  }
  if (record.isError) {
    return (
      <Section title={t('account.record.title')}>
        <ReadProblem
          query={record}
          notFound={t('account.record.notFound')}
          failed={t('account.record.loadFailed')}
        />
      </Section>
    );
  }
  const r = record.data;
  const rows: Array<[string, string]> = [
    [t('account.record.name'), `${r.firstName} ${r.lastName}`.trim()],
    [t('account.record.screenName'), r.screenName || notSet],
    [t('account.record.dateOfBirth'), r.dateOfBirth ? formatDate(r.dateOfBirth, 'UTC') : notSet],
    [t('account.record.createdAt'), r.createdAt ? formatDate(r.createdAt) : notSet],
  ];
  return (
    <Section title={t('account.record.title')}>
      <Text>{t('account.record.intro')}</Text>
      <Table>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" w="40%">
                {label}
              </Table.Th>
              <Table.Td>
                <SafeText component="span">{value}</SafeText>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Section>
  );
}
