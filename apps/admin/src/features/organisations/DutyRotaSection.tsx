import { Alert, Button, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { DutyRota, Organisation } from '@tend/api/model';
import { ProblemAlert, toProblem, useSubmit } from '@tend/core';
import {
  DAYS,
  emptyShift,
  minutesToTime,
  rowsToShifts,
  shiftsToRows,
  useDutyRota,
  useReplaceRota,
  type ShiftRow,
} from '@tend/domain/duty';
import { useTranslation } from '@tend/i18n';
import { LoadingLine } from '../../components/LoadingLine.tsx';
import { Section } from '../../components/Section.tsx';

const STARTS = Array.from({ length: 48 }, (_, i) => minutesToTime(i * 30));
const ENDS = Array.from({ length: 48 }, (_, i) => minutesToTime((i + 1) * 30));

/**
 * The organisation's duty rota: who stands in for patients without a therapist, when (every day or one weekday,
 * in the therapist's own timezone), who is on duty now, and what happens when nobody is.
 */
export function DutyRotaSection({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation('admin');
  const rota = useDutyRota(organisation.id);
  return (
    <Section
      titleId="duty-title"
      title={t('organisations.duty.title')}
      intro={t('organisations.duty.intro')}
      gap="md"
    >
      {rota.isPending ? (
        <LoadingLine label={t('organisations.duty.loading')} />
      ) : rota.error || !rota.data ? (
        <ProblemAlert problem={toProblem(rota.error)} onRetry={() => void rota.refetch()} />
      ) : (
        <>
          <NowOnDuty rota={rota.data} />
          <RotaForm organisationId={organisation.id} rota={rota.data} />
        </>
      )}
    </Section>
  );
}

function nameOf(rota: DutyRota, therapistId: string) {
  const p = rota.therapists.find((x) => x.therapistId === therapistId);
  return p ? `${p.firstName} ${p.lastName}`.trim() : therapistId;
}

function NowOnDuty({ rota }: { rota: DutyRota }) {
  const { t } = useTranslation('admin');
  return (
    <Alert color={rota.fallback === 'rota' ? 'tend' : 'orange'} variant="light" data-testid="duty-now">
      <Text size="sm" role="status">
        {rota.fallback === 'rota'
          ? t('organisations.duty.now', { names: rota.onDutyNow.map((id) => nameOf(rota, id)).join(', ') })
          : rota.fallback === 'organisation'
            ? t('organisations.duty.nobodyTherapists')
            : t('organisations.duty.nobodyAdmins')}
      </Text>
    </Alert>
  );
}

function RotaForm({ organisationId, rota }: { organisationId: string; rota: DutyRota }) {
  const { t } = useTranslation('admin');
  const replace = useReplaceRota(organisationId);
  const form = useForm<{ shifts: ShiftRow[] }>({ initialValues: { shifts: shiftsToRows(rota.shifts) } });
  const submit = useSubmit(replace.mutateAsync, {
    onSuccess: (saved) => form.resetDirty({ shifts: shiftsToRows(saved.shifts) }),
  });
  const people = rota.therapists.map((p) => ({
    value: p.therapistId,
    label: `${p.firstName} ${p.lastName}`.trim() + (p.timezone ? ` (${p.timezone})` : ''),
  }));
  const days = [
    { value: 'every', label: t('organisations.duty.everyDay') },
    ...DAYS.map((d) => ({ value: String(d), label: t(`organisations.duty.days.${d}`) })),
  ];
  const save = (values: { shifts: ShiftRow[] }) => {
    const checked = rowsToShifts(values.shifts);
    if ('invalid' in checked) {
      form.setFieldError(`shifts.${checked.invalid}.end`, t('organisations.duty.invalid'));
      return;
    }
    void submit.submit({ organisation: organisationId, data: { shifts: checked.shifts } });
  };
  const rows = form.getValues().shifts;
  // When a shift is: its day, its start or its end, from a fixed list.
  const when = (i: number, field: 'day' | 'start' | 'end', label: string, data: typeof days | string[]) => (
    <NativeSelect label={label} data={data} {...form.getInputProps(`shifts.${i}.${field}`)} />
  );
  return (
    <form onSubmit={form.onSubmit(save)} noValidate>
      <Stack gap="sm">
        {rows.length === 0 ? <Text c="dimmed">{t('organisations.duty.empty')}</Text> : null}
        {rows.map((row, i) => (
          <Paper withBorder p="sm" key={form.key(`shifts.${i}`)} data-testid="duty-shift">
            <Group align="flex-end" gap="sm" wrap="wrap">
              <NativeSelect
                label={t('organisations.duty.therapist', { n: i + 1 })}
                data={[{ value: '', label: t('organisations.duty.choose') }, ...people]}
                style={{ flex: '1 1 14rem', minWidth: 0 }}
                {...form.getInputProps(`shifts.${i}.therapistId`)}
              />
              {when(i, 'day', t('organisations.duty.day', { n: i + 1 }), days)}
              {when(i, 'start', t('organisations.duty.from', { n: i + 1 }), STARTS)}
              {when(i, 'end', t('organisations.duty.until', { n: i + 1 }), ENDS)}
              <Button
                variant="default"
                onClick={() => form.removeListItem('shifts', i)}
                aria-label={t('organisations.duty.removeLabel', { n: i + 1 })}
              >
                {t('organisations.duty.remove')}
              </Button>
            </Group>
            {row.therapistId ? (
              <Text size="xs" c="dimmed" mt={4}>
                {t('organisations.duty.timezoneHint', { name: nameOf(rota, row.therapistId) })}
              </Text>
            ) : null}
          </Paper>
        ))}
        <ProblemAlert problem={submit.problem} />
        {submit.succeeded && !form.isDirty() ? (
          <Text size="sm" role="status">
            {t('organisations.duty.saved')}
          </Text>
        ) : null}
        <Group>
          <Button variant="default" onClick={() => form.insertListItem('shifts', emptyShift())}>
            {t('organisations.duty.add')}
          </Button>
          <Button type="submit" loading={submit.pending}>
            {t('organisations.duty.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
