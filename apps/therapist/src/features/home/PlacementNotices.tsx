import { Alert, Anchor, CloseButton, Group, Stack, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ProblemAlert, toProblem, useSubmit } from '@tend/core';
import { useDismissPlacement, useMyPlacements } from '@tend/domain/intake';
import { useMyTimezone } from '@tend/domain/therapist-profile';
import { formatDateTime } from '@tend/core/time';
import { useTranslation } from '@tend/i18n';
import { paths, patientPath } from '../../paths.ts';

/** The alert of patients newly placed with the therapist (by an administrator or lead), until dismissed. */
export function PlacementNotices() {
  const { t } = useTranslation('therapist');
  const placements = useMyPlacements();
  const dismiss = useDismissPlacement();
  const submit = useSubmit(dismiss.mutateAsync);
  const { data: zone } = useMyTimezone();
  const items = placements.data?.items ?? [];
  if (placements.error && items.length === 0)
    return <ProblemAlert problem={toProblem(placements.error)} title={t('home.placements.failed')} />;
  if (items.length === 0) return null;
  return (
    <Alert
      color="tend"
      variant="light"
      icon={<IconUserPlus size={18} aria-hidden="true" />}
      title={t('home.placements.title')}
      data-testid="placement-notices"
      component="section"
      aria-label={t('home.placements.title')}
    >
      <Stack gap="xs">
        <Text size="sm">{t('home.placements.intro')}</Text>
        {items.map((n) => {
          const name = `${n.firstName} ${n.lastName}`.trim();
          const when = formatDateTime(n.placedAt, zone ?? undefined);
          return (
            <Group key={n.noticeId} gap="xs" wrap="nowrap" justify="space-between">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Anchor
                  component={Link}
                  to={patientPath(paths.patient, n.patientId)}
                  fw={600}
                  aria-label={t('home.placements.open', { name })}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {n.reassigned
                    ? t('home.placements.moved', { date: when })
                    : t('home.placements.placed', { date: when })}
                </Text>
              </Stack>
              <CloseButton
                aria-label={t('home.placements.dismiss', { name })}
                onClick={() => void submit.submit({ noticeId: n.noticeId })}
                disabled={submit.pending}
              />
            </Group>
          );
        })}
        {submit.problem ? <ProblemAlert problem={submit.problem} /> : null}
      </Stack>
    </Alert>
  );
}
