import { TextInput, type TextInputProps } from '@mantine/core';

/**
 * A one-time code field: one input (not six boxes) so paste, password managers and SMS/e-mail autofill work;
 * `autocomplete="one-time-code"`, numeric keyboard, spaces and dashes tolerated (normalised on submit).
 */
export function CodeInput(props: Omit<TextInputProps, 'type' | 'inputMode' | 'autoComplete'>) {
  return (
    <TextInput
      name="code"
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      spellCheck={false}
      maxLength={12}
      styles={{ input: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' } }}
      {...props}
    />
  );
}
