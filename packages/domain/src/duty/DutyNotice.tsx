import { Alert, Stack, Text } from '@mantine/core';
import { useMyDuty } from './queries.ts';
import { useDutyWords } from './words.ts';

/**
 * "You are on duty" for the signed-in therapist, with the organisations they stand in for now (on their rota,
 * or as one of their therapists while nobody is on duty); nothing when they are not on duty or while it loads.
 */
export function DutyNotice() {
  const { td } = useDutyWords();
  const { data } = useMyDuty();
  if (!data?.onDuty) return null;
  const rota = data.organisations.filter((o) => o.via === 'rota').map((o) => o.name);
  const fallback = data.organisations.filter((o) => o.via === 'organisation').map((o) => o.name);
  return (
    <Alert color="tend" variant="light" title={td('duty.onDuty.title')} data-testid="duty-notice">
      <Stack gap={4}>
        {rota.length > 0 ? <Text size="sm">{td('duty.onDuty.rota', { names: rota.join(', ') })}</Text> : null}
        {fallback.length > 0 ? (
          <Text size="sm">{td('duty.onDuty.organisation', { names: fallback.join(', ') })}</Text>
        ) : null}
      </Stack>
    </Alert>
  );
}
