import { Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Organisation } from '@tend/api/model';
import { ProblemAlert, useSubmit } from '@tend/core';
import { useRegenerateAccessCode } from '@tend/domain/organisations';
import { useTranslation } from '@tend/i18n';
import { Section } from '../../components/Section.tsx';

/** Who can join: the organisation's access code, and replacing it (the old one stops working at once). */
export function JoinSection({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation('admin');
  const [confirming, confirm] = useDisclosure(false);
  const regenerator = useRegenerateAccessCode();
  const regenerate = useSubmit(() => regenerator.mutateAsync({ organisation: organisation.id }), {
    onSuccess: confirm.close,
  });
  const code = organisation.accessCode ?? null;
  return (
    <Section
      titleId="access-code-title"
      title={t('organisations.join.codeTitle')}
      intro={t('organisations.join.codeIntro')}
    >
      {code ? (
        <Text>
          {t('organisations.join.codeIs')}{' '}
          <Code fz="lg" data-testid="access-code">
            {code}
          </Code>
        </Text>
      ) : (
        <Text c="dimmed">{t('organisations.join.noCode')}</Text>
      )}
      {regenerate.succeeded ? (
        <Text size="sm" role="status">
          {t('organisations.join.replaced')}
        </Text>
      ) : null}
      <Group>
        <Button variant="outline" onClick={confirm.open}>
          {code ? t('organisations.join.replace') : t('organisations.join.create')}
        </Button>
      </Group>
      <Modal
        opened={confirming}
        onClose={confirm.close}
        title={t('organisations.join.confirmTitle')}
        closeButtonProps={{ 'aria-label': t('organisations.join.keep') }}
        centered
      >
        <Stack gap="sm">
          <Text size="sm">{t('organisations.join.confirmBody')}</Text>
          <ProblemAlert problem={regenerate.problem} />
          <Group justify="flex-end">
            <Button variant="default" onClick={confirm.close}>
              {t('organisations.join.keep')}
            </Button>
            <Button loading={regenerate.pending} onClick={() => void regenerate.submit()}>
              {t('organisations.join.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Section>
  );
}
