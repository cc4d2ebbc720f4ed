import { logoHeader } from './logo.ts';

/** Escapes user-supplied text for the HTML part of an e-mail. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** The HTML document of every e-mail: the logo, then the body. */
export function htmlDocument(body: string): string {
  return `<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">${logoHeader()}${body}</body></html>`;
}

/**
 * The HTML part of a plain-text e-mail (one whose sender wrote only text): its paragraphs escaped, line
 * breaks kept, and web addresses as links.
 */
export function htmlFromText(text: string): string {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${linkify(escapeHtml(p)).replace(/\n/g, '<br>')}</p>`);
  return htmlDocument(paragraphs.join(''));
}

/** Web addresses in already-escaped text as links (the address is the link's text). */
function linkify(escaped: string): string {
  return escaped.replace(/https?:\/\/[^\s<]+[^\s<.,;:!?)]/g, (url) => `<a href="${url}">${url}</a>`);
}

/**
 * A plain e-mail: paragraphs of text (escaped in the HTML part), an optional link, and the sign-off.
 * Every mail the server sends goes through here so user text is never mailed as HTML.
 */
export function compose(
  subject: string,
  paragraphs: string[],
  link?: { label: string; url: string },
): MailContent {
  const textParts = [...paragraphs];
  if (link) textParts.push(`${link.label}: ${link.url}`);
  textParts.push('— Tend');
  const htmlParts = paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`);
  if (link) htmlParts.push(`<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`);
  htmlParts.push('<p>— Tend</p>');
  return {
    subject,
    text: textParts.join('\n\n'),
    html: htmlDocument(htmlParts.join('')),
  };
}
