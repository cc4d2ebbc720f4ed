import { Textarea, type TextareaProps } from '@mantine/core';

/**
 * A text area with a limit whose description says, as it is typed, how much of the limit is used (in the
 * caller's words: "12 of 2,000 characters. …"); it grows with its text from three rows.
 */
export function CountedTextarea({
  value,
  maxLength,
  hint,
  ...props
}: Omit<TextareaProps, 'description' | 'value' | 'maxLength'> & {
  value?: string;
  maxLength: number;
  /** The description, from the characters used and the limit. */
  hint(used: { count: number; max: number }): string;
}) {
  return (
    <Textarea
      description={hint({ count: (value ?? '').length, max: maxLength })}
      autosize
      minRows={3}
      value={value}
      maxLength={maxLength}
      {...props}
    />
  );
}
