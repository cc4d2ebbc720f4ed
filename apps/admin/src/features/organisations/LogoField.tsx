import { Button, FileButton, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { ProblemAlert, useSubmit } from '@tend/core';
import { LOGO_ACCEPT, checkLogo, useUploadLogo, type LogoProblem } from '@tend/domain/organisations';
import { useTranslation } from '@tend/i18n';
import { FieldError } from './FieldError.tsx';
import type { SettingInputProps } from './SettingsForm.tsx';

/**
 * The organisation's logo: a PNG, JPEG or SVG of at most 2 MB, checked before anything is sent, uploaded to
 * the server's signed target and previewed; the logo becomes the organisation's when the details are saved.
 */
export function LogoField({ label, value, effective, onChange, error }: SettingInputProps) {
  const { t } = useTranslation('admin');
  const uploader = useUploadLogo();
  const upload = useSubmit(uploader.mutateAsync, { onSuccess: (url) => onChange(url) });
  const [refused, setRefused] = useState<LogoProblem | null>(null);
  const shown =
    typeof value === 'string' && value
      ? value
      : typeof effective === 'string' && effective
        ? effective
        : null;
  const choose = (file: File | null) => {
    if (!file) return;
    const problem = checkLogo(file);
    setRefused(problem);
    upload.reset();
    if (problem) return;
    void upload.submit(file);
  };
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id="logo-label">
        {label}
      </Text>
      <Text size="xs" c="dimmed" id="logo-hint">
        {t('organisations.details.logoHint')}
      </Text>
      <Group align="center" gap="md">
        <Paper
          withBorder
          p="xs"
          w={120}
          h={80}
          style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}
        >
          {shown ? (
            <Image
              src={shown}
              alt={t('organisations.details.logoPreview')}
              fit="contain"
              mah={64}
              maw={104}
            />
          ) : (
            <Text size="xs" c="dimmed">
              {t('organisations.details.noLogo')}
            </Text>
          )}
        </Paper>
        <FileButton onChange={choose} accept={LOGO_ACCEPT}>
          {(props) => (
            <Button
              {...props}
              variant="default"
              leftSection={<IconUpload size={16} aria-hidden="true" />}
              loading={upload.pending}
              aria-describedby="logo-hint"
            >
              {t('organisations.details.uploadLogo')}
            </Button>
          )}
        </FileButton>
      </Group>
      {upload.succeeded ? (
        <Text size="sm" role="status">
          {t('organisations.details.logoUploaded')}
        </Text>
      ) : null}
      {refused ? (
        <Text size="sm" c="red.8" role="alert">
          {refused === 'type'
            ? t('organisations.details.logoType')
            : refused === 'size'
              ? t('organisations.details.logoSize')
              : t('organisations.details.logoEmpty')}
        </Text>
      ) : null}
      <ProblemAlert problem={upload.problem} />
      <FieldError error={error} />
    </Stack>
  );
}
