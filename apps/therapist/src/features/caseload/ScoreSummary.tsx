import { Group, Text } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconMinus } from '@tabler/icons-react';
import type { RiskSummary } from '@tend/api/model';
import { latestScore } from '@tend/domain/caseload';
import { SCREENINGS, useScreeningWords, type ScreeningType } from '@tend/domain/screening';
import { useTranslation } from '@tend/i18n';

/** A row's latest PHQ-9 or GAD-7: the score, its band, and the change since the one before. */
export function ScoreSummary({ risk, type }: { risk: RiskSummary; type: ScreeningType }) {
  const { t } = useTranslation('therapist');
  const { td } = useScreeningWords();
  const name = td(`screening.names.${type}`);
  const score = latestScore(risk, type);
  if (!score) {
    return (
      <Text size="xs" c="dimmed">
        {t('caseload.row.noScore', { name })}
      </Text>
    );
  }
  const change = score.change;
  const Icon =
    !change || change.delta === 0 ? IconMinus : change.delta > 0 ? IconArrowUpRight : IconArrowDownRight;
  const colour =
    change?.kind === 'reliable-deterioration'
      ? 'red.9'
      : change?.kind === 'reliable-improvement'
        ? 'teal.9'
        : 'dimmed';
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="xs" fw={600} c={score.aboveCaseness ? 'red.9' : undefined}>
        {t('caseload.row.score', {
          name,
          total: score.total,
          max: SCREENINGS[type].maxTotal,
          band: td(`screening.bands.${score.severity}`),
        })}
      </Text>
      {change ? (
        <Group gap={2} wrap="nowrap">
          <Text size="xs" c={colour} component="span" style={{ display: 'inline-flex' }}>
            <Icon size={14} aria-hidden="true" />
          </Text>
          <Text size="xs" c={colour}>
            {td(`screening.change.${change.kind}`, { delta: change.delta, count: Math.abs(change.delta) })}
          </Text>
        </Group>
      ) : (
        <Text size="xs" c="dimmed">
          {t('caseload.row.firstScore')}
        </Text>
      )}
    </Group>
  );
}
