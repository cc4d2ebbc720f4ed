import { Alert, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useReauthenticate } from '@tend/auth';
import { ProblemAlert, useSubmit } from '@tend/core';
import { afterPasswordAgain } from '@tend/domain/account';
import { useExportMyData } from '@tend/domain/my-data';
import { useTranslation } from '@tend/i18n';
import { Section } from '../../components/Section.tsx';

/** "1.2 MB": a file's size in the reader's locale. */
function fileSize(bytes: number, locale: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(value);
}

/** /my-data: what the download holds, then the download itself after the password is asked again. */
export function MyDataPage() {
  const { t, i18n } = useTranslation('patient');
  const { reauthenticate } = useReauthenticate();
  const exporting = useExportMyData();
  const submit = useSubmit(() => afterPasswordAgain(reauthenticate, () => exporting.mutateAsync()));
  const code = submit.problem?.code;
  return (
    <Stack gap="lg" maw={760}>
      <Title order={1}>{t('my-data.title')}</Title>
      <Text>{t('my-data.intro')}</Text>
      <Section title={t('my-data.what')}>
        <List spacing={4}>
          <List.Item>{t('my-data.files.zip')}</List.Item>
          <List.Item>{t('my-data.files.own')}</List.Item>
          <List.Item>{t('my-data.files.secrets')}</List.Item>
        </List>
        <Text>{t('my-data.safety')}</Text>
      </Section>
      <Text>{t('my-data.reauth')}</Text>
      <ProblemAlert
        problem={submit.problem}
        message={
          code === 'reauthentication_required'
            ? t('my-data.cancelled')
            : code === 'rate_limited'
              ? t('my-data.tooMany')
              : undefined
        }
        onRetry={() => void submit.submit()}
      />
      {submit.pending ? (
        <Text role="status">{t('my-data.preparing')}</Text>
      ) : submit.data ? (
        <Alert color="teal" role="status" variant="light">
          {t('my-data.done', {
            fileName: submit.data.fileName,
            size: fileSize(submit.data.bytes, i18n.resolvedLanguage ?? 'en'),
          })}
        </Alert>
      ) : null}
      <Group>
        <Button
          leftSection={<IconDownload size={18} aria-hidden />}
          onClick={() => void submit.submit()}
          loading={submit.pending}
        >
          {t('my-data.download')}
        </Button>
      </Group>
    </Stack>
  );
}
