import { Alert, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconGitCompare } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { VersionConflict } from './useVersionedForm.ts';
import { useSubmitWords } from './words.ts';

export interface VersionConflictPanelProps<TValues> {
  conflict: VersionConflict<TValues>;
  /** The label of each field path, as the form shows it. */
  labels: Record<string, ReactNode>;
  /** How a value is shown (default: text; lists joined). */
  format?: (path: string, value: unknown) => ReactNode;
  pending?: boolean;
}

const defaultFormat = (_path: string, value: unknown): ReactNode => {
  if (value === undefined || value === null || value === '') return null;
  if (Array.isArray(value))
    return value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ');
  if (typeof value === 'boolean') return value ? '✓' : '✗';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
};

/**
 * A 412 shown to the person: their values against the stored ones, field by field (who changed what), and the
 * two ways on: keep my changes on top of the saved version (re-apply), or take the saved version.
 */
export function VersionConflictPanel<TValues>({
  conflict,
  labels,
  format = defaultFormat,
  pending,
}: VersionConflictPanelProps<TValues>) {
  const { tc } = useSubmitWords();
  const show = (path: string, value: unknown) =>
    format(path, value) ?? (
      <Text span c="dimmed">
        {tc('submit.conflict.empty')}
      </Text>
    );
  return (
    <Alert
      color="tend"
      role="alert"
      icon={<IconGitCompare aria-hidden="true" />}
      title={tc('submit.conflict.title')}
    >
      <Stack gap="sm">
        <Text size="sm">{tc('submit.conflict.intro')}</Text>
        <Table.ScrollContainer minWidth={420}>
          <Table withTableBorder striped>
            <Table.Caption>{tc('submit.conflict.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{tc('submit.conflict.field')}</Table.Th>
                <Table.Th scope="col">{tc('submit.conflict.yours')}</Table.Th>
                <Table.Th scope="col">{tc('submit.conflict.stored')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {conflict.fields.map((f) => (
                <Table.Tr key={f.path}>
                  <Table.Th scope="row">
                    <Stack gap={2}>
                      <span>{labels[f.path] ?? f.path}</span>
                      <Badge
                        size="xs"
                        variant="light"
                        color={f.conflict ? 'red' : f.changedByMe ? 'blue' : 'gray'}
                      >
                        {tc(
                          f.conflict
                            ? 'submit.conflict.both'
                            : f.changedByMe
                              ? 'submit.conflict.mine'
                              : 'submit.conflict.theirs',
                        )}
                      </Badge>
                    </Stack>
                  </Table.Th>
                  <Table.Td>{show(f.path, f.mine)}</Table.Td>
                  <Table.Td>{show(f.path, f.stored)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="sm" c="dimmed">
          {tc('submit.conflict.reapplyHint')}
        </Text>
        <Group>
          <Button onClick={() => void conflict.reapply()} loading={pending}>
            {tc('submit.conflict.reapply')}
          </Button>
          <Button variant="default" onClick={conflict.useStored} disabled={pending}>
            {tc('submit.conflict.useStored')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
