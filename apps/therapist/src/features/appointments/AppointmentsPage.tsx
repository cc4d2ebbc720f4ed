import { ActionIcon, Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import type { Appointment } from '@tend/api/model';
import { ProblemAlert, toProblem } from '@tend/core';
import { formatDay, userTimeZone } from '@tend/core/time';
import { AppointmentNotices, useAppointments } from '@tend/domain/appointments';
import { useMyAvailability } from '@tend/domain/therapist-profile';
import { useTranslation } from '@tend/i18n';
import { Spinner } from '@tend/ui';
import { AppointmentDays } from './AppointmentDays.tsx';
import { CancelDialog } from './CancelDialog.tsx';
import { MoveDialog } from './MoveDialog.tsx';
import { rangeOf, type View } from './range.ts';
import { PageTitle } from '../../components/PageTitle.tsx';

/** `/appointments`: the therapist's booked sessions, a day or a week at a time, in their own timezone. */
export function AppointmentsPage() {
  const { t } = useTranslation('therapist');
  const availability = useMyAvailability();
  const ownZone = availability.data?.timezone ?? null;
  const zone = ownZone ?? userTimeZone();
  const [view, setView] = useState<View>('week');
  const [offset, setOffset] = useState(0);
  const [now] = useState(() => Date.now());
  const range = useMemo(() => rangeOf(view, now, offset, zone), [view, now, offset, zone]);
  const list = useAppointments({
    from: new Date(range.from).toISOString(),
    to: new Date(range.to).toISOString(),
    status: 'booked',
  });
  // A day or week holds few appointments: every page is read, so the calendar is whole.
  useEffect(() => {
    if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
  }, [list]);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const [moving, setMoving] = useState<Appointment | null>(null);
  const [cancelling, setCancelling] = useState<Appointment | null>(null);
  const unit = view === 'day' ? 'Day' : 'Week';
  const label =
    view === 'day'
      ? formatDay(range.from, zone)
      : t('appointments.range', { from: formatDay(range.from, zone), to: formatDay(range.days[6]!, zone) });
  return (
    <Stack gap="lg">
      <PageTitle
        title={t('appointments.title')}
        intro={ownZone ? t('appointments.intro', { zone }) : t('appointments.noZone', { zone })}
      />
      {availability.isPending ? null : <AppointmentNotices timeZone={zone} />}
      <Group justify="space-between" gap="sm">
        <SegmentedControl
          aria-label={t('appointments.view')}
          value={view}
          onChange={(v) => {
            setView(v as View);
            setOffset(0);
          }}
          data={[
            { value: 'day', label: t('appointments.day') },
            { value: 'week', label: t('appointments.week') },
          ]}
        />
        <Group gap="xs" wrap="nowrap">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t(`appointments.previous${unit}`)}
            onClick={() => setOffset((o) => o - 1)}
          >
            <IconChevronLeft size={18} aria-hidden="true" />
          </ActionIcon>
          <Button variant="default" onClick={() => setOffset(0)} disabled={offset === 0}>
            {t('appointments.today')}
          </Button>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t(`appointments.next${unit}`)}
            onClick={() => setOffset((o) => o + 1)}
          >
            <IconChevronRight size={18} aria-hidden="true" />
          </ActionIcon>
        </Group>
      </Group>
      <Title order={2} size="h3" aria-live="polite">
        {label}
      </Title>
      {list.isPending || availability.isPending ? (
        <Spinner label={t('appointments.loading')} showLabel size="sm" />
      ) : list.error ? (
        <ProblemAlert problem={toProblem(list.error)} onRetry={() => void list.refetch()} />
      ) : items.length === 0 && !list.hasNextPage ? (
        <Text c="dimmed">{view === 'day' ? t('appointments.emptyDay') : t('appointments.emptyWeek')}</Text>
      ) : (
        <AppointmentDays
          items={items}
          days={range.days}
          zone={zone}
          onMove={setMoving}
          onCancel={setCancelling}
        />
      )}
      {list.isFetchingNextPage ? <Spinner label={t('appointments.more')} showLabel size="sm" /> : null}
      <MoveDialog appointment={moving} zone={zone} onClose={() => setMoving(null)} />
      <CancelDialog appointment={cancelling} zone={zone} onClose={() => setCancelling(null)} />
    </Stack>
  );
}
