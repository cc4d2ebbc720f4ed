import { Button, Group, type MantineSpacing } from '@mantine/core';

interface SubmitButtonsProps {
  /** The submit button's words. */
  label: string;
  /** The form is being sent: the button shows it is busy. */
  pending: boolean;
  disabled?: boolean;
  /** Cancel beside it (leaving an edit), with its words. */
  onCancel?: () => void;
  cancelLabel?: string;
  mt?: MantineSpacing;
}

/** The row of buttons that ends a form: its submit and, where an edit can be left, Cancel. */
export function SubmitButtons({ label, pending, disabled, onCancel, cancelLabel, mt }: SubmitButtonsProps) {
  return (
    <Group mt={mt}>
      <Button type="submit" loading={pending} disabled={disabled}>
        {label}
      </Button>
      {onCancel ? (
        <Button variant="default" onClick={onCancel}>
          {cancelLabel}
        </Button>
      ) : null}
    </Group>
  );
}
