import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

export interface TableColumnHeadsProps {
  /** The columns' headers, left to right. */
  headers: readonly ReactNode[];
}

/**
 * A table's head: one row of column headers, each `scope="col"` so that screen readers name a cell's column.
 * Shared because every data table of the apps opens this way.
 */
export function TableColumnHeads({ headers }: TableColumnHeadsProps) {
  return (
    <Table.Thead>
      <Table.Tr>
        {headers.map((header, i) => (
          <Table.Th scope="col" key={i}>
            {header}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}
