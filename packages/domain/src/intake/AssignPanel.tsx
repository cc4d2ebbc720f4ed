import { Button, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { type Problem, ProblemAlert, useSubmit } from '@tend/core';
import { loadSummary } from './model.ts';
import { useAssignPatients, type useTherapistLoad } from './queries.ts';
import { useIntakeWords } from './words.ts';

interface Props {
  organisationId: string;
  chosen: string[];
  load: ReturnType<typeof useTherapistLoad>;
  onPlaced(): void;
  onTaken(): void;
}

/** Places the people chosen in the queue with one therapist (the least loaded first in the list). */
export function AssignPanel({ organisationId, chosen, load, onPlaced, onTaken }: Props) {
  const { td } = useIntakeWords();
  const [therapistId, setTherapistId] = useState<string | null>(null);
  const [missing, setMissing] = useState<'therapist' | 'patients' | null>(null);
  const [done, setDone] = useState<{ count: number; name: string } | null>(null);
  const assign = useAssignPatients(organisationId);
  const therapists = loadSummary(load.data?.items ?? []);
  const nameOf = (id: string | null) => {
    const th = therapists.find((x) => x.therapistId === id);
    return th ? `${th.firstName} ${th.lastName}`.trim() : '';
  };
  const submit = useSubmit(assign.mutateAsync, {
    onSuccess: (answer) => {
      setDone({ count: answer.assignments.length, name: nameOf(therapistId) });
      onPlaced();
    },
    onProblem: (p) => {
      if (p.code === 'already_taken_on') onTaken();
    },
  });
  const message = (p: Problem) => (p.code === 'already_taken_on' ? td('intake.assign.taken') : undefined);
  return (
    <Stack gap="sm" component="section" aria-labelledby="intake-assign-title">
      <Title order={2} size="h3" id="intake-assign-title">
        {td('intake.assign.title')}
      </Title>
      <Text size="sm" data-testid="intake-chosen">
        {chosen.length === 0
          ? td('intake.assign.chooseHint')
          : td('intake.assign.chosen', { count: chosen.length })}
      </Text>
      <form
        noValidate
        aria-labelledby="intake-assign-title"
        onSubmit={(event) => {
          event.preventDefault();
          setDone(null);
          if (chosen.length === 0) return setMissing('patients');
          if (!therapistId) return setMissing('therapist');
          setMissing(null);
          void submit.submit({ organisation: organisationId, data: { therapistId, patientIds: chosen } });
        }}
      >
        <Stack gap="sm" maw={520}>
          <Select
            label={td('intake.assign.therapist')}
            description={td('intake.assign.therapistHint')}
            placeholder={
              therapists.length === 0 && !load.isPending ? td('intake.assign.noTherapists') : undefined
            }
            data={therapists.map((th) => ({
              value: th.therapistId,
              label: td('intake.assign.therapistOption', {
                name: `${th.firstName} ${th.lastName}`.trim(),
                patients: th.patients,
                highRisk: th.highRiskPatients,
              }),
            }))}
            value={therapistId}
            onChange={(value) => {
              setTherapistId(value);
              setMissing(null);
            }}
            searchable
            error={missing === 'therapist' ? td('intake.assign.therapistRequired') : undefined}
            comboboxProps={{ withinPortal: true }}
          />
          {missing === 'patients' ? (
            <Text size="sm" c="red.8" role="alert">
              {td('intake.assign.patientsRequired')}
            </Text>
          ) : null}
          <div>
            <Button type="submit" loading={submit.pending}>
              {td('intake.assign.submit')}
            </Button>
          </div>
        </Stack>
      </form>
      {submit.problem ? <ProblemAlert problem={submit.problem} message={message(submit.problem)} /> : null}
      {done ? (
        <Text role="status" data-testid="intake-placed">
          {td('intake.assign.done', done)}
        </Text>
      ) : null}
    </Stack>
  );
}
