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
    html: `<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">${htmlParts.join('')}</body></html>`,
  };
}
