import { Center, Group, Loader, Text, VisuallyHidden, type MantineSize } from '@mantine/core';
import { useTranslation } from '@tend/i18n';

export interface SpinnerProps {
  /** What is loading; default 'Loading…'. Announced politely. */
  label?: string;
  /** Show the label beside the spinner (default: for screen readers only). */
  showLabel?: boolean;
  size?: MantineSize;
}

/** A spinner that says what it is: role=status with a label. */
export function Spinner({ label, showLabel = false, size = 'md' }: SpinnerProps) {
  const { t } = useTranslation();
  const text = label ?? t('loading.label');
  return (
    <Group role="status" gap="sm" justify="center" wrap="nowrap">
      <Loader size={size} aria-hidden="true" />
      {showLabel ? <Text size="sm">{text}</Text> : <VisuallyHidden>{text}</VisuallyHidden>}
    </Group>
  );
}

/** A whole page loading (route chunks, first data): the spinner centred in the page. */
export function PageLoader({ label }: { label?: string }) {
  return (
    <Center mih="40vh" p="xl">
      <Spinner label={label} size="lg" />
    </Center>
  );
}
