import { Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { ProblemAlert, toProblem } from '@tend/core';
import { usePatientGraph } from '@tend/domain/patient-record';
import { CheckupMeasures } from '@tend/domain/progress';
import { ANSWER_KEYS, ScreeningTrend, useScreeningWords } from '@tend/domain/screening';
import { formatDateTime } from '@tend/core/time';
import { useTranslation } from '@tend/i18n';
import { Spinner } from '@tend/ui';
import { LabelledChoice } from '../../components/LabelledChoice.tsx';
import { useRecord } from './context.ts';
import { ItemAnswers } from './ItemAnswers.tsx';

const RANGES = ['7', '30', '90', '365', 'all'] as const;

/**
 * PHQ-9 and GAD-7 over time with their clinical thresholds (PHQ-9 10, GAD-7 8) and reliable changes (6 / 4
 * points) marked, each with its table; PHQ-9 item 9 answers listed with any answer above 0 highlighted; every
 * daily check-up measure (mood, sleep, energy, anxiety) with its table.
 */
export function MeasuresTab() {
  const { t } = useTranslation('therapist');
  const { td } = useScreeningWords();
  const { patient, timeZone } = useRecord();
  const screeningName = (type: 'phq9' | 'gad7') => td(`screening.names.${type}`);
  const [range, setRange] = useState<(typeof RANGES)[number]>('90');
  const graph = usePatientGraph(patient.patientId, range === 'all' ? Infinity : Number(range));
  const phq9 = graph.data?.series.phq9 ?? [];
  const gad7 = graph.data?.series.gad7 ?? [];
  // A questionnaire's scores over time, and (once any were kept) its answers item by item.
  const trend = (type: 'phq9' | 'gad7', points: typeof phq9, title: string) => (
    <Section id={`measures-${type}`} title={title}>
      <ScreeningTrend
        type={type}
        points={points}
        timeZone={timeZone}
        empty={t('record.measures.none', { name: screeningName(type) })}
      />
    </Section>
  );
  const answers = (type: 'phq9' | 'gad7', points: typeof phq9, title: string) =>
    points.some((p) => p.items?.length) ? (
      <Section id={`measures-${type}-answers`} title={title}>
        <ItemAnswers type={type} points={points} timeZone={timeZone} />
      </Section>
    ) : null;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Text size="sm" c="dimmed">
          {t('record.measures.intro')}
        </Text>
        <LabelledChoice
          id="measures-range-label"
          label={t('record.measures.range')}
          value={range}
          onChange={setRange}
          data={RANGES.map((r) => ({ value: r, label: t(`record.measures.ranges.${r}`) }))}
        />
      </Group>
      {graph.isPending ? (
        <Spinner label={t('record.measures.loading')} showLabel size="sm" />
      ) : graph.error ? (
        <ProblemAlert problem={toProblem(graph.error)} onRetry={() => void graph.refetch()} />
      ) : (
        <>
          {trend('phq9', phq9, t('record.measures.phq9'))}
          {phq9.length ? (
            <Section id="measures-item9" title={t('record.measures.item9.title')}>
              <Text size="sm" c="dimmed">
                {t('record.measures.item9.intro')}
              </Text>
              <Table.ScrollContainer minWidth={360}>
                <Table withTableBorder>
                  <Table.Caption>{t('record.measures.item9.caption')}</Table.Caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t('record.measures.item9.date')}</Table.Th>
                      <Table.Th scope="col">{t('record.measures.item9.answer')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {[...phq9].reverse().map((p) => (
                      <Table.Tr
                        key={p.t}
                        bg={p.item9 ? 'var(--mantine-color-red-light)' : undefined}
                        data-item9={p.item9 ?? ''}
                      >
                        <Table.Td>{formatDateTime(p.t, timeZone)}</Table.Td>
                        <Table.Td>
                          {p.item9 === undefined ? (
                            t('record.measures.item9.unknown')
                          ) : p.item9 > 0 ? (
                            <Badge color="red" variant="filled">
                              {t('record.measures.item9.above', {
                                answer: td(
                                  `screening.answers.phq9.${ANSWER_KEYS[p.item9] ?? 'nearlyEveryDay'}`,
                                ),
                                value: p.item9,
                              })}
                            </Badge>
                          ) : (
                            t('record.measures.item9.zero', {
                              answer: td(`screening.answers.phq9.${ANSWER_KEYS[0]}`),
                            })
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Section>
          ) : null}
          {answers('phq9', phq9, t('record.measures.answers.phq9'))}
          {trend('gad7', gad7, t('record.measures.gad7'))}
          {answers('gad7', gad7, t('record.measures.answers.gad7'))}
          {graph.data ? (
            <Section id="measures-checkup" title={t('record.measures.checkup')}>
              <CheckupMeasures series={graph.data.series} timeZone={timeZone} level={3} />
            </Section>
          ) : null}
        </>
      )}
    </Stack>
  );
}

/** One measure: a region named by its heading. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}
