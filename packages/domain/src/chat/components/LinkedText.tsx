import { useMemo } from 'react';
import { linkParts } from '../model/links.ts';

/** Text with its safe links as anchors (https, http, mailto; new tab, no referrer): React text, never HTML. */
export function LinkedText({ text }: { text: string }) {
  const parts = useMemo(() => linkParts(text), [text]);
  return (
    <>
      {parts.map((part, i) =>
        part.kind === 'link' ? (
          <a
            key={i}
            className="tend-chat-link"
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
          >
            {part.text}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
