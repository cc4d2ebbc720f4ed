import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { SafeText } from '@tend/ui';

/**
 * One row of a staff list (the people who work here, the invitations not yet taken up): its top line about the
 * person, their e-mail under it, then the row's other lines and buttons. Names and e-mails are text a person
 * typed, never markup.
 */
export function StaffRow({ top, email, children }: { top: ReactNode; email: string; children: ReactNode }) {
  return (
    <Stack gap={4} p="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      {top}
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        <SafeText component="span" inherit>
          {email}
        </SafeText>
      </Text>
      {children}
    </Stack>
  );
}

/** A person's name at the top of their row, in bold. */
export function StaffRowName({ name }: { name: string }) {
  return (
    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
      <SafeText component="span" inherit>
        {name}
      </SafeText>
    </Text>
  );
}
