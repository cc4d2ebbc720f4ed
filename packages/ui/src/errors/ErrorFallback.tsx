import { Alert, Button, Container, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from '@tend/i18n';

export interface ErrorFallbackProps {
  /** Renders the children again (the boundary's reset). */
  onRetry?: () => void;
}

/** What a person sees when a screen fails: the translated Error_SomethingWentWrong, a way on, and help. */
export function ErrorFallback({ onRetry }: ErrorFallbackProps) {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl">
      <Alert
        variant="light"
        color="red"
        role="alert"
        title={t('errors.title')}
        icon={<IconAlertTriangle aria-hidden="true" />}
      >
        <Text>{t('Error_SomethingWentWrong')}</Text>
        <Text size="sm" mt="sm">
          {t('errors.urgentHelp')}
        </Text>
        <Group mt="md">
          {onRetry && <Button onClick={onRetry}>{t('errors.tryAgain')}</Button>}
          <Button variant="default" onClick={() => window.location.reload()}>
            {t('errors.reload')}
          </Button>
        </Group>
      </Alert>
    </Container>
  );
}
