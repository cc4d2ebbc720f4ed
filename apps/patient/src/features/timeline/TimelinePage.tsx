import { Badge, Chip, Drawer, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { Moment } from '@tend/api/model';
import { useAuth } from '@tend/auth';
import {
  MOMENT_GROUPS,
  MomentDetail,
  MomentTimeline,
  useMomentWords,
  usePatientMoments,
  usePendingMoments,
  type MomentGroup,
} from '@tend/domain/moments';
import { formatDateTime } from '@tend/core/time';
import { useTranslation } from '@tend/i18n';

const GROUPS = Object.keys(MOMENT_GROUPS) as MomentGroup[];

/**
 * The timeline: every moment of the patient, newest first, filtered by kind; infinite and virtualised (smooth at
 * 10,000); a moment opens in a panel (files download from there). Entries waiting to sync are listed first.
 */
export function TimelinePage() {
  const { t } = useTranslation('patient');
  const { td } = useMomentWords();
  const { user } = useAuth();
  const [groups, setGroups] = useState<MomentGroup[]>([]);
  const types = useMemo(() => groups.flatMap((g) => MOMENT_GROUPS[g]), [groups]);
  const query = usePatientMoments(user?.uid, { types });
  const pending = usePendingMoments(user?.uid).filter(
    (p) => types.length === 0 || types.includes(p.moment.eventType as never),
  );
  const [open, setOpen] = useState<Moment | null>(null);
  return (
    <Stack gap="md">
      <Title order={1}>{t('timeline.title')}</Title>
      <Text>{t('timeline.intro')}</Text>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="timeline-filter">
          {t('timeline.filter')}
        </Text>
        <Chip.Group multiple value={groups} onChange={(v) => setGroups(v as MomentGroup[])}>
          <Group gap="xs" role="group" aria-labelledby="timeline-filter">
            {GROUPS.map((g) => (
              <Chip key={g} value={g} size="sm">
                {t(`timeline.groups.${g}`)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Stack>
      {pending.length > 0 ? (
        <Stack gap="xs" component="section" aria-label={t('ui.waiting')}>
          {pending.map((p) => (
            <Paper key={p.momentId} withBorder p="sm">
              <Group justify="space-between">
                <Group gap="xs">
                  <Badge variant="light" size="sm">
                    {td(`moments.types.${p.moment.eventType}`)}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(p.moment.start)}
                  </Text>
                </Group>
                <Badge color="gray" variant="outline">
                  {t('ui.waiting')}
                </Badge>
              </Group>
            </Paper>
          ))}
        </Stack>
      ) : null}
      <MomentTimeline query={query} onOpen={setOpen} label={t('timeline.list')} empty={t('timeline.empty')} />
      {/* The header is a plain div: a <header> inside the dialog would be a second banner landmark. */}
      <Drawer.Root opened={open !== null} onClose={() => setOpen(null)} position="right" size="lg">
        <Drawer.Overlay />
        <Drawer.Content>
          <Drawer.Header {...({ component: 'div' } as object)}>
            <Drawer.Title>{t('timeline.detail')}</Drawer.Title>
            <Drawer.CloseButton aria-label={t('timeline.close')} />
          </Drawer.Header>
          <Drawer.Body>{open ? <MomentDetail moment={open} patientId={user?.uid} /> : null}</Drawer.Body>
        </Drawer.Content>
      </Drawer.Root>
    </Stack>
  );
}
