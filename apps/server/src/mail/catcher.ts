import { SMTPServer } from 'smtp-server';
import PostalMime from 'postal-mime';

export interface CaughtMail {
  id: number;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  /** The message's inline images (the logo), by Content-ID. */
  images: Array<{ contentId: string; mimeType: string; bytes: Uint8Array }>;
  /** The message's other attachments (an appointment's iCalendar file …), their content as text. */
  attachments: Array<{ filename: string; contentType: string; text: string }>;
  date: string;
}

export interface MailCatcherOptions {
  port: number;
  host?: string;
  /** One line per message (default: console.info). */
  print?: (line: string) => void;
  /** Kept messages (oldest dropped first). */
  limit?: number;
}

/**
 * The development and test mail catcher: a real SMTP server (smtp-server) on loopback that parses each
 * message (postal-mime), keeps it in memory and prints a one-line summary. Never started in production.
 */
export class MailCatcher {
  readonly messages: CaughtMail[] = [];
  #server: SMTPServer;
  #nextId = 1;
  #port = 0;
  #waiters: Array<{ match: (m: CaughtMail) => boolean; resolve: (m: CaughtMail) => void }> = [];

  constructor(private readonly options: MailCatcherOptions) {
    this.#server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      banner: 'Tend development mail catcher',
      size: 10 * 1024 * 1024,
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('error', callback);
        stream.on('end', () => {
          const envelopeTo = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          PostalMime.parse(Buffer.concat(chunks))
            .then((email) => {
              this.#keep({
                id: this.#nextId++,
                from:
                  email.from?.address ?? (session.envelope.mailFrom ? session.envelope.mailFrom.address : ''),
                to: envelopeTo,
                subject: email.subject ?? '',
                text: (email.text ?? '').trimEnd(),
                html: email.html ? email.html.trimEnd() : null,
                images: email.attachments
                  .filter((a) => a.disposition === 'inline' && a.contentId)
                  .map((a) => ({
                    contentId: (a.contentId ?? '').replace(/^<|>$/g, ''),
                    mimeType: a.mimeType,
                    bytes:
                      typeof a.content === 'string'
                        ? new TextEncoder().encode(a.content)
                        : new Uint8Array(a.content),
                  })),
                attachments: email.attachments
                  .filter((a) => !(a.disposition === 'inline' && a.contentId))
                  .map((a) => ({
                    filename: a.filename ?? '',
                    contentType: a.mimeType,
                    text:
                      typeof a.content === 'string'
                        ? a.content
                        : new TextDecoder().decode(new Uint8Array(a.content)),
                  })),
                date: new Date().toISOString(),
              });
              callback();
            })
            .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
        });
      },
    });
  }

  get port(): number {
    return this.#port;
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      const onError = (error: Error) => reject(error);
      this.#server.once('error', onError);
      this.#server.listen(this.options.port, this.options.host ?? '127.0.0.1', () => {
        this.#server.off('error', onError);
        const address = this.#server.server.address();
        this.#port = typeof address === 'object' && address ? address.port : this.options.port;
        resolve();
      });
    });
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  /** Messages, newest last; `to` filters by recipient (case-insensitive). */
  list(to?: string): CaughtMail[] {
    const wanted = to?.toLowerCase();
    return wanted ? this.messages.filter((m) => m.to.includes(wanted)) : [...this.messages];
  }

  /**
   * Resolves with the first message (already kept or arriving later) that matches. The tests wait with it: up to
   * 30 s by default, as their polls do (a mail comes late on the busy 2-core CI machine; a wait ends when it comes).
   */
  waitFor(match: (m: CaughtMail) => boolean, timeoutMs = 30_000): Promise<CaughtMail> {
    const found = this.messages.find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const waiter = { match, resolve };
      this.#waiters.push(waiter);
      setTimeout(() => {
        this.#waiters = this.#waiters.filter((w) => w !== waiter);
        reject(new Error('no matching mail arrived'));
      }, timeoutMs).unref();
    });
  }

  clear(): void {
    this.messages.length = 0;
  }

  #keep(mail: CaughtMail) {
    this.messages.push(mail);
    const limit = this.options.limit ?? 500;
    if (this.messages.length > limit) this.messages.splice(0, this.messages.length - limit);
    (this.options.print ?? ((line: string) => console.info(line)))(
      `mail to ${mail.to.join(', ')}: ${mail.subject}`,
    );
    for (const w of [...this.#waiters]) {
      if (w.match(mail)) {
        this.#waiters = this.#waiters.filter((x) => x !== w);
        w.resolve(mail);
      }
    }
  }
}
