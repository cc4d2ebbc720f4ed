import { Button, Group, Modal, type ModalProps } from '@mantine/core';
import { useTranslation } from '@tend/i18n';
import type { ReactNode } from 'react';

/** A dialog of the console: Mantine's Modal, its close button named in the console's words. */
export function ConsoleDialog(props: ModalProps) {
  const { t } = useTranslation('therapist');
  return <Modal closeButtonProps={{ 'aria-label': t('dialog.close') }} {...props} />;
}

/** A dialog's last row: the way out (a plain button with the given word), then the dialog's own action. */
export function DialogActions({
  onCancel,
  cancelLabel,
  children,
}: {
  onCancel(): void;
  cancelLabel: string;
  children?: ReactNode;
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {cancelLabel}
      </Button>
      {children}
    </Group>
  );
}
