import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.ts';
import { MailCatcher } from './catcher.ts';
import { hasLogo, logoAttachment, logoHeader } from './logo.ts';
import { htmlDocument, htmlFromText } from './templates.ts';

export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Files sent with the message (e.g. an appointment's iCalendar file), as text. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  /** The full media type, parameters included (`text/calendar; charset=utf-8; method=REQUEST`). */
  contentType: string;
  content: string;
}

/**
 * The HTML part as sent: every message has one, and every one starts with Tend's logo (./logo.ts). A message
 * written only as text gets its text as HTML; the plain-text part is always the sender's text, unchanged.
 */
export function htmlPart(message: Pick<MailMessage, 'text' | 'html'>): string {
  const html = message.html;
  if (html === undefined) return htmlFromText(message.text);
  if (hasLogo(html)) return html;
  const body = /<body[^>]*>/i.exec(html);
  if (!body) return htmlDocument(html);
  const at = body.index + body[0].length;
  return html.slice(0, at) + logoHeader() + html.slice(at);
}

export interface Mailer {
  /** Sends over SMTP (the configured relay, or the embedded catcher in development and tests). */
  send(message: MailMessage): Promise<void>;
  /** The embedded catcher, when it runs (development and tests only). */
  catcher: MailCatcher | undefined;
  close(): Promise<void>;
}

/**
 * Creates the mailer: nodemailer over SMTP. Without SMTP_HOST outside production, the embedded catcher is
 * started first and the transport points at it.
 */
export async function createMailer(config: Config, print?: (line: string) => void): Promise<Mailer> {
  let catcher: MailCatcher | undefined;
  let transport: Transporter;
  if (config.smtp) {
    transport = nodemailer.createTransport({
      host: config.smtp.host,
      port: config.smtp.port,
      secure: config.smtp.secure,
      ...(config.smtp.user ? { auth: { user: config.smtp.user, pass: config.smtp.pass ?? '' } } : {}),
    });
  } else if (config.mailCatcher && !config.isProduction) {
    catcher = new MailCatcher({ port: config.mailCatcher.port, ...(print ? { print } : {}) });
    try {
      await catcher.start();
    } catch (error) {
      // The catcher's SMTP port only matters inside this process (messages are read at /dev/mailbox):
      // when it is taken, take any free one rather than refuse to start.
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || config.mailCatcher.port === 0)
        throw error;
      console.warn(`mail catcher: port ${config.mailCatcher.port} is in use, using a free port instead`);
      catcher = new MailCatcher({ port: 0, ...(print ? { print } : {}) });
      await catcher.start();
    }
    transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: catcher.port,
      secure: false,
      ignoreTLS: true,
    });
  } else {
    throw new Error('No SMTP relay configured (SMTP_HOST) and the mail catcher is off.');
  }
  return {
    catcher,
    async send(message) {
      await transport.sendMail({
        from: config.mailFrom,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: htmlPart(message),
        attachments: [
          logoAttachment(),
          ...(message.attachments ?? []).map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            // As bytes (sent base64): the text arrives exactly as written, CRLF line ends included, as
            // iCalendar requires.
            content: Buffer.from(a.content, 'utf8'),
          })),
        ],
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
      });
    },
    async close() {
      transport.close();
      await catcher?.stop();
    },
  };
}
