import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { PHQ9_ITEM9_INDEX, SCREENINGS, type Severity } from './model.ts';
import { useScreeningWords } from './words.ts';

/** A PHQ-9 or GAD-7 answer by answer, with its total and band; PHQ-9 item 9 above 0 is highlighted. */
export function ScreeningBodyView({
  type,
  items,
  total,
  severity,
}: {
  type: 'phq9' | 'gad7';
  items: number[];
  total: number;
  severity: Severity;
}) {
  const { td } = useScreeningWords();
  const answers = ['notAtAll', 'severalDays', 'moreThanHalf', 'nearlyEveryDay'] as const;
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Text fw={600}>{td('screening.score', { total, max: SCREENINGS[type].maxTotal })}</Text>
        <Badge variant="light">{td(`screening.bands.${severity}`)}</Badge>
      </Group>
      <Table withTableBorder>
        <Table.Caption>{td(`screening.stem.${type}`)}</Table.Caption>
        <Table.Tbody>
          {items.map((score, i) => {
            const flagged = type === 'phq9' && i === PHQ9_ITEM9_INDEX && score > 0;
            return (
              <Table.Tr key={i} bg={flagged ? 'var(--mantine-color-red-light)' : undefined}>
                <Table.Th scope="row" fw={400}>
                  {i + 1}. {td(`screening.items.${type}.${i + 1}` as 'screening.items.phq9.1')}
                </Table.Th>
                <Table.Td>
                  {td(`screening.answers.${type}.${answers[score] ?? 'notAtAll'}`)} ({score})
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
