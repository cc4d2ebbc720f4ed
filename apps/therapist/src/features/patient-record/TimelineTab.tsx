import { Chip, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Moment } from '@tend/api/model';
import { MOMENT_GROUPS, MomentTimeline, usePatientMoments, type MomentGroup } from '@tend/domain/moments';
import { useTranslation } from '@tend/i18n';
import { useRecord } from './context.ts';
import { MomentDrawer } from './MomentDrawer.tsx';

const GROUPS = Object.keys(MOMENT_GROUPS) as MomentGroup[];

/** Everything the patient logged (and their care team's notes), newest first, filtered by kind; each opens in full. */
export function TimelineTab() {
  const { t } = useTranslation('therapist');
  const { patient, timeZone } = useRecord();
  const [groups, setGroups] = useState<MomentGroup[]>([]);
  const [open, setOpen] = useState<Moment | null>(null);
  const types = groups.flatMap((g) => [...MOMENT_GROUPS[g]]);
  const query = usePatientMoments(patient.patientId, { types });
  return (
    <Stack gap="sm">
      <Text id="timeline-filter-label" size="sm" fw={600}>
        {t('record.timeline.filter')}
      </Text>
      <Chip.Group multiple value={groups} onChange={(v) => setGroups(v as MomentGroup[])}>
        <Group gap="xs" role="group" aria-labelledby="timeline-filter-label">
          {GROUPS.map((g) => (
            <Chip key={g} value={g} size="sm">
              {t(`record.timeline.groups.${g}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <MomentTimeline
        query={query}
        onOpen={setOpen}
        timeZone={timeZone}
        label={t('record.timeline.label', { name: patient.firstName })}
        empty={
          groups.length
            ? t('record.timeline.emptyFiltered')
            : t('record.timeline.empty', { name: patient.firstName })
        }
      />
      <MomentDrawer
        moment={open}
        onClose={() => setOpen(null)}
        timeZone={timeZone}
        patientId={patient.patientId}
      />
    </Stack>
  );
}
