import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ProblemAlert, toProblem, useSubmit } from '@tend/core';
import { useMyTimezone, useTimezones, useUpdateMyTimezoneSetting } from '@tend/domain/therapist-profile';
import { formatDateTime, userTimeZone } from '@tend/core/time';
import { useTranslation } from '@tend/i18n';
import { SaveRow } from './SaveRow.tsx';

/** The timezone the console shows times in and the availability is kept in. */
export function TimezoneForm() {
  const { t } = useTranslation('therapist');
  const zones = useTimezones();
  const current = useMyTimezone();
  const update = useUpdateMyTimezoneSetting();
  const [zone, setZone] = useState<string | null>(null);
  useEffect(() => {
    if (zone === null && current.data) setZone(current.data);
  }, [current.data, zone]);
  const submit = useSubmit((timezone: string) => update.mutateAsync({ data: { timezone } }));
  const browser = userTimeZone();
  if (zones.error || current.error)
    return (
      <ProblemAlert
        problem={toProblem(zones.error ?? current.error)}
        onRetry={() => void (zones.error ? zones.refetch() : current.refetch())}
      />
    );
  return (
    <Stack gap="sm">
      <Select
        label={t('profile.timezone.label')}
        description={t('profile.timezone.hint')}
        data={zones.data ?? []}
        value={zone}
        onChange={(v) => {
          setZone(v);
          submit.reset();
        }}
        searchable
        nothingFoundMessage={t('profile.timezone.nothing')}
        disabled={!zones.data}
        limit={50}
        allowDeselect={false}
      />
      {zone ? (
        <Text size="sm" c="dimmed">
          {t('profile.timezone.now', { time: formatDateTime(Date.now(), zone) })}
        </Text>
      ) : null}
      {zone !== browser && browser && zones.data?.includes(browser) ? (
        <Group gap="xs">
          <Text size="sm">{t('profile.timezone.browser', { zone: browser })}</Text>
          <Button size="xs" variant="subtle" onClick={() => setZone(browser)}>
            {t('profile.timezone.useBrowser')}
          </Button>
        </Group>
      ) : null}
      <SaveRow
        label={t('profile.timezone.save')}
        submit={submit}
        changed={zone !== current.data}
        disabled={!zone || zone === current.data}
        onClick={() => zone && void submit.submit(zone)}
      />
    </Stack>
  );
}
