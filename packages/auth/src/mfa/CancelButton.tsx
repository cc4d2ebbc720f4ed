import { Button } from '@mantine/core';
import { useAuthTranslation } from '../i18n.ts';

/** "Cancel" beside a second-factor form's action, when the form can be left. */
export function CancelButton({ onCancel }: { onCancel?: (() => void) | undefined }) {
  const { ta } = useAuthTranslation();
  if (!onCancel) return null;
  return (
    <Button variant="default" onClick={onCancel}>
      {ta('enrol.cancel')}
    </Button>
  );
}
