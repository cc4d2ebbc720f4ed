import { Anchor, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { AvailabilitySlot } from '@tend/api/model';
import { ProblemAlert, toProblem } from '@tend/core';
import {
  AvailabilityWeek,
  DAYS_OF_WEEK,
  slotsByDay,
  useMyAvailability,
} from '@tend/domain/therapist-profile';
import { useTranslation } from '@tend/i18n';
import { Spinner } from '@tend/ui';
import { paths } from '../../paths.ts';
import { dayName } from './days.ts';
import { SlotDialog } from './SlotDialog.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';

/** `/availability`: the weekly hours patients may see, as a calendar in the therapist's timezone, edited slot by slot. */
export function AvailabilityPage() {
  const { t } = useTranslation('therapist');
  const availability = useMyAvailability();
  const [weekOffset, setWeekOffset] = useState(0);
  const [editing, setEditing] = useState<{ slot: AvailabilitySlot | null } | null>(null);
  const slots = availability.data?.slots ?? [];
  const timeZone = availability.data?.timezone ?? null;
  const zone = timeZone ?? 'UTC';
  const byDay = slotsByDay(slots);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <PageTitle title={t('availability.title')} intro={t('availability.intro')} />
        <Button
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          onClick={() => setEditing({ slot: null })}
          disabled={!availability.data}
        >
          {t('availability.add')}
        </Button>
      </Group>
      {availability.isPending ? (
        <Spinner label={t('availability.loading')} showLabel size="sm" />
      ) : availability.error ? (
        <ProblemAlert problem={toProblem(availability.error)} onRetry={() => void availability.refetch()} />
      ) : (
        <>
          {!timeZone ? (
            <Text size="sm" c="red.9">
              {t('availability.noTimezone')}{' '}
              <Anchor component={Link} to={paths.profile}>
                {t('availability.setTimezone')}
              </Anchor>
            </Text>
          ) : null}
          <Paper withBorder p="md">
            <AvailabilityWeek
              slots={slots}
              timeZone={zone}
              weekOffset={weekOffset}
              onWeekChange={setWeekOffset}
              onSelectSlot={(s) => setEditing({ slot: s as AvailabilitySlot })}
            />
          </Paper>
          <Stack gap="xs" component="section" aria-labelledby="weekly-hours">
            <Title order={2} size="h3" id="weekly-hours">
              {t('availability.weekly')}
            </Title>
            {slots.length === 0 ? <Text c="dimmed">{t('availability.empty')}</Text> : null}
            <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {DAYS_OF_WEEK.filter((d) => byDay[d].length > 0).map((d) => (
                <Box component="li" key={d} mb="xs">
                  <Text fw={600} size="sm">
                    {dayName(d)}
                  </Text>
                  <Group gap="xs" mt={4}>
                    {byDay[d].map((s) => (
                      <Button
                        key={s.id}
                        size="xs"
                        variant="light"
                        onClick={() => setEditing({ slot: s })}
                        aria-label={t('availability.change', {
                          time: `${s.start}–${s.end}`,
                          day: dayName(d),
                        })}
                      >
                        {`${s.start}–${s.end}`}
                      </Button>
                    ))}
                  </Group>
                </Box>
              ))}
            </Box>
          </Stack>
        </>
      )}
      <SlotDialog
        opened={editing !== null}
        slot={editing?.slot ?? null}
        slots={slots}
        timeZone={zone}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}
