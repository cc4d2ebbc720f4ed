import { Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { ProblemAlert, toProblem } from '@tend/core';

/** A log read a page at a time (an infinite query with its pages' entries flattened). */
export interface PagedLog<E> {
  entries: readonly E[];
  isPending: boolean;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch(): unknown;
  fetchNextPage(): unknown;
}

export interface PagedLogColumn<E> {
  header: string;
  cell(entry: E): ReactNode;
  /** e.g. 'monospace' for identifiers. */
  fontFamily?(entry: E): string | undefined;
}

export interface PagedLogSectionProps<E> {
  log: PagedLog<E>;
  entryKey(entry: E): string;
  columns: readonly PagedLogColumn<E>[];
  /** The section's words: its heading, what it is, and each state's. */
  words: { title: string; intro: string; loading: string; empty: string; caption: string; more: string };
  testId?: string;
}

/**
 * An audit log as a section: its heading and purpose, then a captioned table of the entries read so far with a
 * "more" button for the next page; loading, empty and failed states (a failed first page replaces the table,
 * a failed next page keeps it and offers the retry). Text the cells show is the caller's (through SafeText).
 */
export function PagedLogSection<E>({ log, entryKey, columns, words, testId }: PagedLogSectionProps<E>) {
  const titleId = useId();
  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId}>
        {words.title}
      </Title>
      <Text size="sm">{words.intro}</Text>
      {log.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text size="sm">{words.loading}</Text>
        </Group>
      ) : log.error && log.entries.length === 0 ? (
        <ProblemAlert problem={toProblem(log.error)} onRetry={() => void log.refetch()} />
      ) : log.entries.length === 0 ? (
        <Text c="dimmed">{words.empty}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped withTableBorder data-testid={testId}>
            <Table.Caption>{words.caption}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) => (
                  <Table.Th scope="col" key={c.header}>
                    {c.header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {log.entries.map((e) => (
                <Table.Tr key={entryKey(e)}>
                  {columns.map((c) => (
                    <Table.Td key={c.header} ff={c.fontFamily?.(e)}>
                      {c.cell(e)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {log.error && log.entries.length > 0 ? (
        <ProblemAlert problem={toProblem(log.error)} onRetry={() => void log.fetchNextPage()} />
      ) : null}
      {log.hasNextPage ? (
        <Group>
          <Button variant="default" loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
            {words.more}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
