import { Textarea, TextInput, type TextareaProps, type TextInputProps } from '@mantine/core';
import { useTranslation } from '@tend/i18n';

/** The form a field belongs to, and its path in the form's values. */
interface FieldOf {
  form: { getInputProps: (path: string) => object };
  path?: string;
}

/**
 * The fields the public forms share, with their labels and autofill hints: each form adds its limit (from the
 * contract's zod) and whether it is required.
 */
export function EmailInput({ form, path = 'email', ...props }: Omit<TextInputProps, 'form'> & FieldOf) {
  const { t } = useTranslation('public');
  return (
    <TextInput
      type="email"
      autoComplete="email"
      label={t('forms.email')}
      {...props}
      {...form.getInputProps(path)}
    />
  );
}

export function NameInput({ form, path = 'name', ...props }: Omit<TextInputProps, 'form'> & FieldOf) {
  const { t } = useTranslation('public');
  return (
    <TextInput
      autoComplete="name"
      label={t('contact.callback.name')}
      withAsterisk
      {...props}
      {...form.getInputProps(path)}
    />
  );
}

export function PhoneInput({ form, path = 'phone', ...props }: Omit<TextInputProps, 'form'> & FieldOf) {
  return <TextInput type="tel" autoComplete="tel" {...props} {...form.getInputProps(path)} />;
}

/** A message: several lines, asterisked, with the advice not to send medical details. */
export function MessageInput({ form, path = 'message', ...props }: Omit<TextareaProps, 'form'> & FieldOf) {
  const { t } = useTranslation('public');
  return (
    <Textarea
      description={t('forms.messageDescription')}
      withAsterisk
      autosize
      minRows={4}
      {...props}
      {...form.getInputProps(path)}
    />
  );
}
