/**
 * Message text as text with safe links: linkify-it finds web addresses and e-mail addresses (full Unicode,
 * fuzzy "www.example.org" too); only https:, http: and mailto: become links (a typed "javascript:…" stays
 * text), fuzzy web addresses get https://. Nothing is ever HTML: the parts are rendered as React text and
 * anchors (MessageText), never through innerHTML.
 */
import { LinkifyIt } from 'linkify-it';

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: true, fuzzyIP: false });

const SAFE_PROTOCOLS = new Set(['https:', 'http:', 'mailto:']);

/** The address a match may open, or null when it is not one of the safe kinds. */
export function safeHref(url: string, schema: string): string | null {
  const candidate =
    schema === '' && !url.startsWith('mailto:') ? url.replace(/^http:\/\//i, 'https://') : url;
  try {
    const parsed = new URL(candidate);
    return SAFE_PROTOCOLS.has(parsed.protocol) ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The text cut into plain parts and links, in order; joining the parts' texts gives the text back. */
export function linkParts(text: string): TextPart[] {
  const matches = text ? linkify.match(text) : null;
  if (!matches) return text ? [{ kind: 'text', text }] : [];
  const parts: TextPart[] = [];
  let at = 0;
  for (const m of matches) {
    if (m.index > at) parts.push({ kind: 'text', text: text.slice(at, m.index) });
    const href = safeHref(m.url, m.schema);
    parts.push(href ? { kind: 'link', text: m.raw, href } : { kind: 'text', text: m.raw });
    at = m.lastIndex;
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) });
  // Neighbouring text parts (a refused link) read as one.
  return parts.reduce<TextPart[]>((out, part) => {
    const last = out.at(-1);
    if (last?.kind === 'text' && part.kind === 'text')
      out[out.length - 1] = { kind: 'text', text: last.text + part.text };
    else out.push(part);
    return out;
  }, []);
}
