import { Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { requestChatBodyMessageMax } from '@tend/api/zod';
import { ProblemAlert, useSubmit } from '@tend/core';
import { useRequestChat } from '@tend/domain/chat';
import { useWhoSees } from '@tend/domain/safety-net';
import { getLocale, useTranslation } from '@tend/i18n';
import { SubmitButtons } from '../../components/SubmitButtons.tsx';

/** Asks my therapists for a chat, with the first message they read (up to the contract's 2,000 characters). */
export function RequestChatForm() {
  const { t } = useTranslation('patient');
  const { who } = useWhoSees();
  const requestChat = useRequestChat();
  const form = useForm({
    mode: 'controlled',
    initialValues: { message: '' },
    validate: {
      message: (value: string) =>
        value.trim().length === 0
          ? t('chat.request.required')
          : value.length > requestChatBodyMessageMax
            ? t('chat.request.tooLong', { max: requestChatBodyMessageMax.toLocaleString(getLocale()) })
            : null,
    },
  });
  const send = useSubmit((message: string) => requestChat.mutateAsync({ data: { message } }), { form });
  return (
    <form noValidate onSubmit={form.onSubmit(({ message }) => void send.submit(message.trim()))}>
      <Stack gap="sm">
        <Textarea
          label={t('chat.request.label')}
          description={t('chat.request.hint', { who })}
          autosize
          minRows={3}
          maxRows={10}
          maxLength={requestChatBodyMessageMax}
          withAsterisk
          {...form.getInputProps('message')}
        />
        <ProblemAlert
          problem={send.problem}
          onRetry={() => void send.submit(form.getValues().message.trim())}
        />
        <SubmitButtons label={t('chat.request.send')} pending={send.pending} />
      </Stack>
    </form>
  );
}
