import { Text, type TextProps } from '@mantine/core';
import { LinkedText } from './LinkedText.tsx';
import './chat.css';

export interface MessageTextProps extends TextProps {
  /** What a person wrote: shown as text, web and e-mail addresses as safe links, never as HTML. */
  children: string;
}

/** A message's text outside the thread (a request's first message): line breaks kept, long words wrapped, addresses linked. */
export function MessageText({ children, ...props }: MessageTextProps) {
  return (
    <Text
      component="p"
      size="sm"
      style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 }}
      {...props}
    >
      <LinkedText text={children} />
    </Text>
  );
}
