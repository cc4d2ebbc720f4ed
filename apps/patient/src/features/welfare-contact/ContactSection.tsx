import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { WelfareContact } from '@tend/api/model';
import { setWelfareContactBody } from '@tend/api/zod';
import { ProblemAlert, formRules, useSubmit } from '@tend/core';
import { useSaveWelfareContact, useWithdrawWelfareContact } from '@tend/domain/welfare-contact';
import { useTranslation } from '@tend/i18n';
import { Section } from '../../components/Section.tsx';
import { SubmitButtons } from '../../components/SubmitButtons.tsx';

const validate = formRules(setWelfareContactBody);

interface Values {
  name: string;
  relationship: string;
  email: string;
}

const valuesOf = (c: WelfareContact | null): Values => ({
  name: c?.name ?? '',
  relationship: c?.relationship ?? '',
  email: c?.email ?? '',
});

/** The contact as it is now, with the form to name or change them and the way to withdraw them. */
export function ContactSection({
  patientId,
  contact,
}: {
  patientId: string;
  contact: WelfareContact | null;
}) {
  const { t } = useTranslation('patient');
  const [editing, setEditing] = useState(false);
  const withdraw = useWithdrawWelfareContact();
  const withdrawal = useSubmit(() => withdraw.mutateAsync({ patientId }));
  const [confirming, setConfirming] = useState(false);
  return (
    <Section title={t('welfare-contact.contact.title')}>
      {contact && !editing ? (
        <Stack gap="xs">
          <Text style={{ overflowWrap: 'anywhere' }}>
            {contact.relationship
              ? t('welfare-contact.contact.currentWith', {
                  name: contact.name,
                  relationship: contact.relationship,
                  email: contact.email,
                })
              : t('welfare-contact.contact.current', { name: contact.name, email: contact.email })}
          </Text>
          {confirming ? (
            <Alert color="orange" variant="light" title={t('welfare-contact.withdraw.title')}>
              <Stack gap="xs">
                <Text size="sm">{t('welfare-contact.withdraw.text', { name: contact.name })}</Text>
                <Group>
                  <Button
                    color="red"
                    loading={withdrawal.pending}
                    onClick={() =>
                      void withdrawal.submit().then((r) => {
                        if (r.ok) setConfirming(false);
                      })
                    }
                  >
                    {t('welfare-contact.withdraw.confirm')}
                  </Button>
                  <Button variant="default" onClick={() => setConfirming(false)}>
                    {t('welfare-contact.withdraw.keep')}
                  </Button>
                </Group>
              </Stack>
            </Alert>
          ) : (
            <Group>
              <Button variant="light" onClick={() => setEditing(true)}>
                {t('welfare-contact.contact.change')}
              </Button>
              <Button variant="default" color="red" onClick={() => setConfirming(true)}>
                {t('welfare-contact.withdraw.open')}
              </Button>
            </Group>
          )}
          <ProblemAlert problem={withdrawal.problem} />
        </Stack>
      ) : (
        <Stack gap="xs">
          {!contact ? (
            <Text>
              {withdrawal.succeeded ? t('welfare-contact.withdraw.done') : t('welfare-contact.contact.none')}
            </Text>
          ) : null}
          <ContactForm
            patientId={patientId}
            contact={contact}
            onDone={() => setEditing(false)}
            onCancel={contact ? () => setEditing(false) : undefined}
          />
        </Stack>
      )}
    </Section>
  );
}

function ContactForm({
  patientId,
  contact,
  onDone,
  onCancel,
}: {
  patientId: string;
  contact: WelfareContact | null;
  onDone: () => void;
  onCancel?: (() => void) | undefined;
}) {
  const { t } = useTranslation('patient');
  const save = useSaveWelfareContact();
  const form = useForm<Values>({
    initialValues: valuesOf(contact),
    validate: (v) => {
      const errors: Record<string, string> = {};
      const schema = validate({
        name: v.name.trim(),
        email: v.email.trim(),
        ...(v.relationship.trim() ? { relationship: v.relationship.trim() } : {}),
      });
      if (!v.name.trim()) errors.name = t('welfare-contact.form.nameRequired');
      else if (schema.name) errors.name = t('welfare-contact.form.nameTooLong');
      if (schema.relationship) errors.relationship = t('welfare-contact.form.relationshipTooLong');
      if (schema.email || !v.email.trim()) errors.email = t('welfare-contact.form.emailInvalid');
      return errors;
    },
  });
  const submit = useSubmit(save.mutateAsync, { form, onSuccess: onDone });
  const onSubmit = form.onSubmit(
    (v) =>
      void submit.submit({
        patientId,
        data: {
          name: v.name.trim(),
          email: v.email.trim(),
          ...(v.relationship.trim() ? { relationship: v.relationship.trim() } : {}),
        },
      }),
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('welfare-contact.form.name')}
          autoComplete="off"
          withAsterisk
          {...form.getInputProps('name')}
        />
        <TextInput
          label={t('welfare-contact.form.relationship')}
          description={t('welfare-contact.form.relationshipHint')}
          autoComplete="off"
          {...form.getInputProps('relationship')}
        />
        <TextInput
          label={t('welfare-contact.form.email')}
          type="email"
          autoComplete="off"
          withAsterisk
          {...form.getInputProps('email')}
        />
        <Text size="sm">{t('welfare-contact.form.askThem')}</Text>
        <ProblemAlert problem={submit.problem} onRetry={() => void onSubmit()} />
        <SubmitButtons
          label={t('welfare-contact.form.save')}
          pending={submit.pending}
          onCancel={onCancel}
          cancelLabel={t('welfare-contact.form.cancel')}
        />
      </Stack>
    </form>
  );
}
