import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { FormEventHandler, ReactNode } from 'react';
import { DoneAlert } from './DoneAlert.tsx';

export interface SectionFormProps {
  /** The heading's id (the form is named by it). */
  titleId: string;
  title: ReactNode;
  /** What the form does, under the heading. */
  intro?: ReactNode;
  maw: number;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The submit is under way (the button shows it). */
  pending: boolean;
  submitLabel: ReactNode;
  icon: Icon;
  /** What a submit did, announced above the button (role=status); nothing when null. */
  done?: ReactNode;
  /** The fields, and the alerts under them. */
  children: ReactNode;
}

/**
 * A form as a part of a page: its second-level heading (which names it), what it does, the fields, what the
 * last submit did and the submit button with its icon. The fields' own validation is the caller's (noValidate).
 */
export function SectionForm({
  titleId,
  title,
  intro,
  maw,
  onSubmit,
  pending,
  submitLabel,
  icon: SubmitIcon,
  done,
  children,
}: SectionFormProps) {
  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={titleId}>
      <Stack gap="sm" maw={maw}>
        <Title order={2} size="h3" id={titleId}>
          {title}
        </Title>
        {intro ? <Text size="sm">{intro}</Text> : null}
        {children}
        <DoneAlert>{done}</DoneAlert>
        <Group>
          <Button type="submit" loading={pending} leftSection={<SubmitIcon size={16} aria-hidden="true" />}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
