import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconSend } from '@tabler/icons-react';
import { editChatMessageBodyMessageBodyMax } from '@tend/api/zod';
import { memo, useEffect, useRef, type KeyboardEvent } from 'react';
import { getLocale } from '@tend/i18n';
import { useChatWords } from '../words.ts';

export interface ComposerEdit {
  key: string;
  body: string;
}

export interface ComposerProps {
  /** Sends a new message (the chat client queues it with its key; a failure stays in the thread with Retry). */
  onSend(body: string): void;
  /** Saves the edit of my message. */
  onSaveEdit?: ((key: string, body: string) => void) | undefined;
  /** The message being edited, or null. */
  editing?: ComposerEdit | null | undefined;
  onCancelEdit?: (() => void) | undefined;
  /** Why nothing can be written (the chat ended …); the composer is then disabled. */
  disabledReason?: string | null | undefined;
}

/** Characters left shown from here on. */
const COUNT_FROM = 200;

/**
 * Where a message is written: Enter sends, Shift+Enter starts a new line, up to the contract's 4,000
 * characters. In edit mode it holds my message's text, Save and Cancel (Escape) instead of Send. Text is kept
 * when sending fails: the outbox keeps the message in the conversation with Retry. Memoised: the thread changes
 * often, and the autosizing field measures itself (a layout) whenever it renders.
 */
export const Composer = memo(function Composer({
  onSend,
  onSaveEdit,
  editing,
  onCancelEdit,
  disabledReason,
}: ComposerProps) {
  const { td } = useChatWords();
  const max = editChatMessageBodyMessageBodyMax;
  const form = useForm({
    mode: 'controlled',
    initialValues: { messageBody: '' },
    validate: {
      messageBody: (value: string) =>
        value.length > max
          ? td('chat.composer.tooLong', { max: max.toLocaleString(getLocale()), count: value.length })
          : null,
    },
  });
  const draftRef = useRef('');
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const editingKey = editing?.key ?? null;

  // Entering edit mode takes the message's text (the draft is put back after); focus moves to the field.
  useEffect(() => {
    if (editingKey === null) return;
    draftRef.current = form.getValues().messageBody;
    form.setValues({ messageBody: editing?.body ?? '' });
    fieldRef.current?.focus();
    return () => {
      form.setValues({ messageBody: draftRef.current });
    };
    // Only when another message is chosen for editing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editingKey]);

  const value = form.getValues().messageBody;
  const blank = value.trim().length === 0;
  const disabled = Boolean(disabledReason);

  const submit = form.onSubmit(({ messageBody }) => {
    const body = messageBody.trim();
    if (!body) return;
    if (editing && onSaveEdit) {
      onSaveEdit(editing.key, body);
      onCancelEdit?.();
      return;
    }
    onSend(body);
    form.setValues({ messageBody: '' });
    fieldRef.current?.focus();
  });

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    } else if (event.key === 'Escape' && editing) {
      event.preventDefault();
      onCancelEdit?.();
    }
  };

  // A phone's on-screen keyboard shrinks the visual viewport: the composer being written in stays in view
  // above it (with the pages' `interactive-widget=resizes-content`, the layout follows too).
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const viewport = typeof window === 'undefined' ? undefined : window.visualViewport;
    if (!viewport) return;
    const keepInView = () => {
      if (document.activeElement === fieldRef.current)
        formRef.current?.scrollIntoView?.({ block: 'nearest' });
    };
    viewport.addEventListener('resize', keepInView);
    return () => viewport.removeEventListener('resize', keepInView);
  }, []);

  const left = max - value.length;
  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap={4}>
        <Textarea
          ref={fieldRef}
          label={editing ? td('chat.composer.editLabel') : td('chat.composer.label')}
          description={disabledReason ?? td('chat.composer.hint')}
          autosize
          minRows={2}
          maxRows={8}
          disabled={disabled}
          onKeyDown={onKeyDown}
          {...form.getInputProps('messageBody')}
        />
        <Group justify="space-between" wrap="nowrap">
          <Text size="xs" c={left < 0 ? 'red.8' : 'dimmed'} aria-live="polite">
            {left < COUNT_FROM && left >= 0 ? td('chat.composer.left', { count: left }) : ''}
          </Text>
          <Group gap="xs" wrap="nowrap">
            {editing && (
              <Button variant="default" onClick={onCancelEdit}>
                {td('chat.composer.cancelEdit')}
              </Button>
            )}
            <Button
              type="submit"
              disabled={disabled || blank}
              rightSection={editing ? undefined : <IconSend size={16} aria-hidden="true" />}
            >
              {editing ? td('chat.composer.save') : td('chat.composer.send')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
});
