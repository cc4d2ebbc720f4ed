import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

/** What an action did, announced (role=status) in the calm colour of a success; nothing until it has. */
export function DoneAlert({ children }: { children: ReactNode }) {
  return children ? (
    <Alert color="teal" role="status">
      {children}
    </Alert>
  ) : null;
}
