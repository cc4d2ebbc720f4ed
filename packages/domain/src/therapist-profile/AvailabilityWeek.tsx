import { Box, Button, Group, Paper, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useMemo } from 'react';
import { getLocale } from '@tend/i18n';
import { formatDate, formatDay } from '@tend/core/time';
import {
  byDate,
  inViewerTime,
  MINUTES_PER_DAY,
  slotOccurrences,
  toMinutes,
  weekOf,
  type LocalOccurrence,
  type WeeklySlot,
} from './model.ts';
import { useTherapistProfileWords } from './words.ts';

export interface AvailabilityWeekProps {
  /** Weekly slots at wall-clock times in `timeZone` (the therapist's). */
  slots: readonly WeeklySlot[];
  /** The therapist's timezone. */
  timeZone: string;
  /** Whose clock the week is drawn in (a patient's); default the therapist's own. */
  viewerTimeZone?: string;
  /** Weeks from the current one (0 this week, -1 last week …). */
  weekOffset: number;
  onWeekChange(offset: number): void;
  /** Makes each slot a button (the therapist editing their week). */
  onSelectSlot?(slot: WeeklySlot): void;
  /** The instant "this week" is taken from (tests). */
  now?: number;
}

const PX_PER_HOUR = 36;

/**
 * A week of a therapist's availability as a calendar: Monday to Sunday of the viewer's week, each slot placed
 * at its wall-clock time in the viewer's timezone for that date, so a week with a daylight-saving change is
 * drawn as it will be lived (a Sunday 09:00 London slot is 04:00 in New York on 29 March 2026, 05:00 the
 * Sunday before). Days the clocks change say so. Each day is a list a screen reader reads in order.
 */
export function AvailabilityWeek({
  slots,
  timeZone,
  viewerTimeZone,
  weekOffset,
  onWeekChange,
  onSelectSlot,
  now,
}: AvailabilityWeekProps) {
  const { td } = useTherapistProfileWords();
  const viewer = viewerTimeZone ?? timeZone;
  const reference = useMemo(() => now ?? Date.now(), [now]);
  const week = useMemo(() => weekOf(reference, viewer, weekOffset), [reference, viewer, weekOffset]);
  const first = week[0]!;
  const last = week[6]!;
  const days = useMemo(() => {
    const occurrences = inViewerTime(slotOccurrences(slots, timeZone, first.start, last.end), viewer);
    const grouped = new Map(byDate(occurrences).map((d) => [d.date, d.occurrences]));
    return week.map((day) => ({ ...day, occurrences: grouped.get(day.date) ?? [] }));
  }, [slots, timeZone, viewer, week, first.start, last.end]);
  const slotById = useMemo(() => new Map(slots.map((s) => [s.id, s])), [slots]);
  const all = days.flatMap((d) => d.occurrences);
  const minHour = Math.min(8, ...all.map((o) => Math.floor(toMinutes(o.startTime) / 60)));
  const maxHour = Math.max(
    18,
    ...all.map((o) => (o.endsNextDay ? 24 : Math.ceil(toMinutes(o.endTime) / 60))),
  );
  const hours = Array.from({ length: maxHour - minHour }, (_, i) => minHour + i);
  const range = td('therapist-profile.week.range', {
    from: formatDate(first.start, viewer),
    to: formatDate(last.start, viewer),
  });
  const top = (minutes: number) => ((minutes - minHour * 60) / 60) * PX_PER_HOUR;
  const dayName = (start: number) => formatDay(start, viewer);
  const shortDay = (start: number) =>
    new Intl.DateTimeFormat(getLocale(), {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: viewer,
    }).format(start);

  return (
    <Stack gap="sm" role="group" aria-label={td('therapist-profile.week.label', { range })}>
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconChevronLeft size={16} aria-hidden="true" />}
            onClick={() => onWeekChange(weekOffset - 1)}
          >
            {td('therapist-profile.week.previous')}
          </Button>
          <Button variant="default" size="xs" onClick={() => onWeekChange(0)} disabled={weekOffset === 0}>
            {td('therapist-profile.week.current')}
          </Button>
          <Button
            variant="default"
            size="xs"
            rightSection={<IconChevronRight size={16} aria-hidden="true" />}
            onClick={() => onWeekChange(weekOffset + 1)}
          >
            {td('therapist-profile.week.next')}
          </Button>
        </Group>
        <Text fw={600} aria-live="polite">
          {range}
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        {td('therapist-profile.week.timesIn', { zone: viewer })}
      </Text>
      {all.length === 0 ? <Text c="dimmed">{td('therapist-profile.week.empty')}</Text> : null}
      {/* Wider than a phone: the week scrolls sideways in its own box, which the keyboard can scroll too. */}
      <Box style={{ overflowX: 'auto' }} tabIndex={0}>
        <Box
          style={{
            display: 'grid',
            gridTemplateColumns: '3rem repeat(7, minmax(6.5rem, 1fr))',
            gap: 4,
            minWidth: '52rem',
          }}
        >
          <Box
            aria-hidden="true"
            style={{ position: 'relative', marginTop: '3.25rem', height: hours.length * PX_PER_HOUR }}
          >
            {hours.map((h) => (
              <Text
                key={h}
                size="xs"
                c="dimmed"
                style={{ position: 'absolute', top: (h - minHour) * PX_PER_HOUR - 8 }}
              >
                {`${String(h).padStart(2, '0')}:00`}
              </Text>
            ))}
          </Box>
          {days.map((day) => (
            <Box key={day.date} component="section" aria-label={dayName(day.start)}>
              <Box style={{ height: '3.25rem' }}>
                <Text size="sm" fw={600}>
                  {shortDay(day.start)}
                </Text>
                {day.clockChange ? (
                  <Text size="xs" c="red.9">
                    {td(
                      day.clockChange === 'forward'
                        ? 'therapist-profile.week.clockForward'
                        : 'therapist-profile.week.clockBack',
                    )}
                  </Text>
                ) : null}
              </Box>
              <Box
                component="ul"
                m={0}
                p={0}
                style={{
                  listStyle: 'none',
                  position: 'relative',
                  height: hours.length * PX_PER_HOUR,
                  background:
                    'repeating-linear-gradient(to bottom, var(--mantine-color-default-border) 0 1px, transparent 1px ' +
                    PX_PER_HOUR +
                    'px)',
                  borderRadius: 4,
                }}
              >
                {day.occurrences.length === 0 ? (
                  <VisuallyHidden component="li">{td('therapist-profile.week.dayEmpty')}</VisuallyHidden>
                ) : null}
                {day.occurrences.map((o) => (
                  <Occurrence
                    key={`${o.slotId}-${o.start}`}
                    occurrence={o}
                    day={dayName(day.start)}
                    top={top(toMinutes(o.startTime))}
                    height={Math.max(
                      18,
                      top(o.endsNextDay ? MINUTES_PER_DAY : toMinutes(o.endTime)) -
                        top(toMinutes(o.startTime)),
                    )}
                    onSelect={
                      onSelectSlot && slotById.get(o.slotId)
                        ? () => onSelectSlot(slotById.get(o.slotId)!)
                        : undefined
                    }
                  />
                ))}
              </Box>
            </Box>
          ))}
        </Box>
      </Box>
    </Stack>
  );
}

function Occurrence({
  occurrence: o,
  day,
  top,
  height,
  onSelect,
}: {
  occurrence: LocalOccurrence;
  day: string;
  top: number;
  height: number;
  onSelect: (() => void) | undefined;
}) {
  const { td } = useTherapistProfileWords();
  const wallMinutes = (o.endsNextDay ? MINUTES_PER_DAY : toMinutes(o.endTime)) - toMinutes(o.startTime);
  const realMinutes = Math.round((o.end - o.start) / 60_000);
  const text = [
    `${o.startTime}–${o.endsNextDay ? '24:00' : o.endTime}`,
    o.endsNextDay ? td('therapist-profile.slot.untilNextDay', { time: o.endTime }) : null,
    realMinutes !== wallMinutes && !o.endsNextDay
      ? td('therapist-profile.slot.changed', { minutes: realMinutes })
      : null,
  ]
    .filter(Boolean)
    .join(' · ');
  const label = td('therapist-profile.slot.label', { time: text, day });
  const style = { position: 'absolute' as const, top, height, left: 2, right: 2 };
  const body = (
    <Paper withBorder p={4} h="100%" bg="var(--mantine-color-tend-light)" style={{ overflow: 'hidden' }}>
      <Text size="xs" fw={600} style={{ lineHeight: 1.25 }}>
        {text}
      </Text>
    </Paper>
  );
  return (
    <Box component="li" style={style}>
      {onSelect ? (
        <UnstyledButton onClick={onSelect} aria-label={label} w="100%" h="100%" style={{ borderRadius: 4 }}>
          {body}
        </UnstyledButton>
      ) : (
        <Box h="100%">{body}</Box>
      )}
    </Box>
  );
}
