// Tend's logo in every e-mail: the apps' mark (packages/ui TendLogo, the favicon's leaf in its circle) as a
// small PNG carried inside the message as an inline (CID) attachment.
//
// Why not the SVG: Gmail, Outlook and most webmail clients drop SVG images. Why not an https address of the
// public site's logo: many clients block remote images until the reader allows them (so the logo would be
// missing exactly where it matters), Apple Mail and Gmail fetch them through proxies, and a remote image is
// a request made when a message is opened; for a mental-health service, opening an e-mail should tell no
// server anything. An inline attachment is shown without a "load images" prompt and works offline; it costs
// about 2 kB per message. The PNG is 64 px for sharp display at 32 px on high-density screens.
import { readFileSync } from 'node:fs';

/** The attachment's Content-ID, referenced by the HTML part as `cid:…`. */
export const LOGO_CID = 'tend-logo@tend';
/** Shown when images are off, and read by screen readers: the logo is the product's name. */
export const LOGO_ALT = 'Tend';

let png: Buffer | undefined;

/** The logo's PNG (read once). */
export function logoPng(): Buffer {
  png ??= readFileSync(new URL('./tend-logo.png', import.meta.url));
  return png;
}

/** The inline attachment nodemailer sends with every message that has an HTML part. */
export function logoAttachment() {
  return {
    filename: 'tend-logo.png',
    content: logoPng(),
    contentType: 'image/png',
    cid: LOGO_CID,
    contentDisposition: 'inline' as const,
  };
}

/**
 * The header of every HTML e-mail: the mark, as in the apps' header. Its alt text is the name, so a reader
 * with images off (or a screen reader) gets "Tend".
 */
export function logoHeader(): string {
  return (
    `<p style="margin: 0 0 16px"><img src="cid:${LOGO_CID}" width="32" height="32" alt="${LOGO_ALT}" ` +
    'style="display: block; border: 0; width: 32px; height: 32px"></p>'
  );
}

/** Whether an HTML part already shows the logo. */
export function hasLogo(html: string): boolean {
  return html.includes(`cid:${LOGO_CID}`);
}
