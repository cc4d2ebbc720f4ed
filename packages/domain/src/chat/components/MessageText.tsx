import { Anchor, Text, type TextProps } from '@mantine/core';
import { useMemo } from 'react';
import { linkParts } from '../model/links.ts';

export interface MessageTextProps extends TextProps {
  /** What a person wrote: shown as text, web and e-mail addresses as safe links, never as HTML. */
  children: string;
}

/** A message's text: line breaks kept, long words wrapped, addresses linked (https, http, mailto only; new tab, no referrer). */
export function MessageText({ children, ...props }: MessageTextProps) {
  const parts = useMemo(() => linkParts(children), [children]);
  return (
    <Text component="p" size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 }} {...props}>
      {parts.map((part, i) =>
        part.kind === 'link' ? (
          <Anchor key={i} href={part.href} target="_blank" rel="noopener noreferrer nofollow ugc" inherit underline="always">
            {part.text}
          </Anchor>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </Text>
  );
}
