import { Stack } from '@mantine/core';
import { useState } from 'react';
import { AssignPanel } from './AssignPanel.tsx';
import { IntakeQueue } from './IntakeQueue.tsx';
import { useIntakeQueue, useTherapistLoad } from './queries.ts';
import { TherapistLoadTable } from './TherapistLoadTable.tsx';

/**
 * One organisation's intake, the same in the admin console and (for its lead therapists) the therapist
 * console: the patients waiting (high risk first, then the longest wait; counts of what they logged, never
 * content), the people chosen placed with one therapist at once, and each therapist's load beside it.
 */
export function IntakeWorkspace({ organisationId }: { organisationId: string }) {
  const queue = useIntakeQueue(organisationId);
  const load = useTherapistLoad(organisationId);
  const [chosen, setChosen] = useState<string[]>([]);
  const toggle = (patientId: string, on: boolean) =>
    setChosen((current) =>
      on ? [...new Set([...current, patientId])] : current.filter((id) => id !== patientId),
    );
  return (
    <Stack gap="xl">
      <IntakeQueue queue={queue} chosen={chosen} onToggle={toggle} />
      <AssignPanel
        organisationId={organisationId}
        chosen={chosen.filter((id) => queue.patients.some((p) => p.patientId === id))}
        load={load}
        onPlaced={() => setChosen([])}
        onTaken={() => {
          setChosen([]);
          void queue.refetch();
        }}
      />
      <TherapistLoadTable load={load} />
    </Stack>
  );
}
