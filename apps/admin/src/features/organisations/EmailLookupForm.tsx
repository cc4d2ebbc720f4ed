import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';

export interface EmailLookupFormProps {
  /** The id of the heading that names the form. */
  labelledBy: string;
  label: string;
  submitLabel: string;
  loading: boolean;
  /** The address as typed, trimmed (blank too: the caller decides what a blank one does). */
  onLookup(email: string): void;
}

/** One e-mail address to look something up with, and the button that does it. */
export function EmailLookupForm({ labelledBy, label, submitLabel, loading, onLookup }: EmailLookupFormProps) {
  const [email, setEmail] = useState('');
  return (
    <form
      noValidate
      aria-labelledby={labelledBy}
      onSubmit={(event) => {
        event.preventDefault();
        onLookup(email.trim());
      }}
    >
      <Group align="flex-end">
        <TextInput
          type="email"
          label={label}
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          autoComplete="off"
          style={{ flex: 1, minWidth: 240 }}
        />
        <Button type="submit" variant="default" loading={loading}>
          {submitLabel}
        </Button>
      </Group>
    </form>
  );
}
