import { Button, Group, Loader, Radio, Stack, Text } from '@mantine/core';
import type { EligibilityPurpose } from '@tend/api/model';
import { ProblemAlert, toProblem, type Submit } from '@tend/core';
import { useEligibleTherapists } from '@tend/domain/chat';
import { useTranslation } from '@tend/i18n';
import { useState } from 'react';

export interface TherapistPickerProps {
  patientId: string;
  purpose: EligibilityPurpose;
  /** The confirm button's words ("Invite", "Hand over"). */
  action: string;
  submit: Submit<unknown, string>;
  onCancel(): void;
}

/** Chooses a colleague who may join (invite) or take over (hand-over) the patient's chat, then confirms. */
export function TherapistPicker({ patientId, purpose, action, submit, onCancel }: TherapistPickerProps) {
  const { t } = useTranslation('therapist');
  const therapists = useEligibleTherapists(patientId, purpose, true);
  const [chosen, setChosen] = useState<string | null>(null);
  const items = therapists.data?.items ?? [];
  return (
    <Stack gap="md">
      {therapists.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">{t('chats.actions.loadingColleagues')}</Text>
        </Group>
      ) : therapists.isError && !therapists.data ? (
        <ProblemAlert problem={toProblem(therapists.error)} onRetry={() => void therapists.refetch()} />
      ) : items.length === 0 ? (
        <Text>{t('chats.actions.noColleagues')}</Text>
      ) : (
        <Radio.Group label={t('chats.actions.colleague')} value={chosen} onChange={setChosen} withAsterisk>
          <Stack gap="xs" mt="xs">
            {items.map((th) => (
              <Radio key={th.therapistId} value={th.therapistId} label={`${th.firstName} ${th.lastName}`} />
            ))}
          </Stack>
        </Radio.Group>
      )}
      <ProblemAlert
        problem={submit.problem}
        onRetry={chosen ? () => void submit.submit(chosen) : undefined}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('chats.actions.cancel')}
        </Button>
        <Button
          disabled={!chosen}
          loading={submit.pending}
          onClick={() => chosen && void submit.submit(chosen)}
        >
          {action}
        </Button>
      </Group>
    </Stack>
  );
}
