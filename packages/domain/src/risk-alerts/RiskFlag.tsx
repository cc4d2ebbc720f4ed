import { Badge, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { RiskSummary } from '@tend/api/model';
import { SafeText } from '@tend/ui';
import { RowBadge } from '@tend/ui/virtual-list';
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
  if (compact) {
    // A row of a long list (the caseload): plain elements (@tend/ui's rows.css), the same look.
    return (
      <div className="tend-row-line" data-nowrap="" style={{ gap: 6 }}>
        <RowBadge
          color="red"
          variant="filled"
          leftSection={<IconAlertTriangle size={12} aria-hidden="true" />}
        >
          {td('risk-alerts.flag.high')}
        </RowBadge>
        <p className="tend-row-meta tend-row-clamp tend-row-danger" data-lines="1" style={{ minWidth: 0 }}>
          {[risk.reason, since].filter(Boolean).join(' · ')}
        </p>
      </div>
    );
  }
  const badge = (
    <Badge color="red" variant="filled" leftSection={<IconAlertTriangle size={14} aria-hidden="true" />}>
      {td('risk-alerts.flag.high')}
    </Badge>
  );
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
