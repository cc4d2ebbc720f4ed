import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { RiskSummary } from '@tend/api/model';
import { SafeText } from '@tend/ui';
import { formatDateTime } from '@tend/core/time';
import { useRiskWords } from './words.ts';

export interface RiskFlagProps {
  risk: Pick<RiskSummary, 'highRisk' | 'reason' | 'flaggedAt'>;
  timeZone?: string;
  /** One line (a list row): the badge with the reason cut short; otherwise the reason in full beneath. */
  compact?: boolean;
  /** Show "Not flagged" when the patient is not high-risk (default: nothing). */
  showNone?: boolean;
}

/** A patient's high-risk flag as every therapist screen shows it: the badge, why, and since when. */
export function RiskFlag({ risk, timeZone, compact = false, showNone = false }: RiskFlagProps) {
  const { td } = useRiskWords();
  if (!risk.highRisk)
    return showNone ? (
      <Text size="sm" c="dimmed">
        {td('risk-alerts.flag.none')}
      </Text>
    ) : null;
  const since = risk.flaggedAt
    ? td('risk-alerts.flag.since', { when: formatDateTime(risk.flaggedAt, timeZone) })
    : null;
  const badge = (
    <Badge color="red" variant="filled" leftSection={<IconAlertTriangle size={14} aria-hidden="true" />}>
      {td('risk-alerts.flag.high')}
    </Badge>
  );
  if (compact) {
    return (
      <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
        {badge}
        <Text size="xs" c="red.9" lineClamp={1} style={{ minWidth: 0 }}>
          {[risk.reason, since].filter(Boolean).join(' · ')}
        </Text>
      </Group>
    );
  }
  return (
    <Stack gap={4}>
      {badge}
      {risk.reason ? <SafeText size="sm">{risk.reason}</SafeText> : null}
      {since ? (
        <Text size="xs" c="dimmed">
          {since}
        </Text>
      ) : null}
    </Stack>
  );
}
