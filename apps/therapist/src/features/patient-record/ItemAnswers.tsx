import { Accordion, Badge, Group, Text } from '@mantine/core';
import type { GraphPoint } from '@tend/api/model';
import {
  PHQ9_ITEM9_INDEX,
  SCREENINGS,
  ScreeningBodyView,
  severity,
  useScreeningWords,
} from '@tend/domain/screening';
import { formatDateTime } from '@tend/core/time';
import { useTranslation } from '@tend/i18n';

/**
 * Each PHQ-9 or GAD-7 result answer by answer, newest first (the newest open): a result whose item 9 was
 * above 0 says so in its heading. Results stored before answers were kept show none.
 */
export function ItemAnswers({
  type,
  points,
  timeZone,
}: {
  type: 'phq9' | 'gad7';
  points: readonly GraphPoint[];
  timeZone: string | undefined;
}) {
  const { t } = useTranslation('therapist');
  const { td } = useScreeningWords();
  const results = [...points].filter((p) => p.items && p.items.length > 0).reverse();
  if (results.length === 0) return null;
  return (
    <Accordion variant="separated" defaultValue={String(results[0]!.t)} data-testid={`item-answers-${type}`}>
      {results.map((p) => {
        const band = severity(type, p.value);
        const item9 = type === 'phq9' ? (p.items![PHQ9_ITEM9_INDEX] ?? 0) : 0;
        return (
          <Accordion.Item key={p.t} value={String(p.t)}>
            <Accordion.Control>
              <Group gap="xs" wrap="wrap">
                <Text fw={600}>{formatDateTime(p.t, timeZone)}</Text>
                <Text>
                  {t('record.measures.answers.summary', {
                    score: td('screening.score', { total: p.value, max: SCREENINGS[type].maxTotal }),
                    band: td(`screening.bands.${band}`),
                  })}
                </Text>
                {item9 > 0 ? (
                  <Badge color="red" variant="filled">
                    {t('record.measures.answers.item9')}
                  </Badge>
                ) : null}
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <ScreeningBodyView type={type} items={p.items!} total={p.value} severity={band} />
            </Accordion.Panel>
          </Accordion.Item>
        );
      })}
    </Accordion>
  );
}
