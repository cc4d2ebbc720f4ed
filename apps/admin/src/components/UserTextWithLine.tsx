import { Text } from '@mantine/core';
import { SafeText } from '@tend/ui';

/**
 * Words someone wrote (a name, an e-mail) in a table cell, with a smaller dimmed line under them (their
 * e-mail, an organisation's name): both shown as text, never as markup.
 */
export function UserTextWithLine({
  text,
  line,
}: {
  text: string | null | undefined;
  line: string | null | undefined;
}) {
  return (
    <>
      <SafeText component="span" inherit>
        {text}
      </SafeText>
      <Text size="xs" c="dimmed">
        <SafeText component="span" inherit>
          {line}
        </SafeText>
      </Text>
    </>
  );
}
