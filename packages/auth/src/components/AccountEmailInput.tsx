import { TextInput, type TextInputProps } from '@mantine/core';
import { useAuthTranslation } from '../i18n.ts';

/** The account's e-mail address, as sign-in asks for it (password managers fill it as the username). */
export function AccountEmailInput(props: TextInputProps) {
  const { ta } = useAuthTranslation();
  return (
    <TextInput
      label={ta('signIn.email')}
      type="email"
      name="email"
      autoComplete="username"
      required
      {...props}
    />
  );
}
