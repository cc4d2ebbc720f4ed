import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/config.ts';
import {
  deletionRequestMail,
  emailChallengeMail,
  emailChangeMail,
  emailChangedNotice,
  passwordResetMail,
  wrongCodesMail,
} from '../src/auth/mail.ts';
import { LOGO_ALT, LOGO_CID, logoPng } from '../src/mail/logo.ts';
import { createMailer, htmlPart, type MailMessage } from '../src/mail/mailer.ts';
import { compose } from '../src/mail/templates.ts';
import { joinCodeMail, joinWelcomeMail } from '../src/modules/join/routes.ts';
import { careTeamWelfareMail } from '../src/modules/patients/welfare.ts';

const contract = { openapi: '3.1.0', paths: {} };

describe('mail catcher and /dev/mailbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ contract, handlers: {} });
  });
  afterAll(() => t.close());

  /** The messages /dev/mailbox lists, for one address or (none named) for all. */
  const mailbox = async (to?: string) =>
    (await t.app.inject({ method: 'GET', url: to ? `/dev/mailbox?to=${to}` : '/dev/mailbox' })).json();

  it('delivers over SMTP to the embedded catcher and lists messages with an optional to filter', async () => {
    expect(t.mailer.catcher?.port).toBeGreaterThan(0);
    await t.mailer.send({
      to: 'Ann@Example.com',
      subject: 'Your code',
      text: 'Code 123456',
      html: '<p>Code <b>123456</b></p>',
    });
    await t.mailer.send({ to: ['bo@example.com'], subject: 'Hello', text: 'Hi Bo' });
    const all = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toHaveLength(2);
    const ann = await mailbox('ann@example.com');
    expect(ann).toHaveLength(1);
    expect(ann[0]).toMatchObject({ to: ['ann@example.com'], subject: 'Your code' });
    expect(ann[0].html).toContain('<p>Code <b>123456</b></p>');
    expect(ann[0].text).toBe('Code 123456');
    expect(Number.isNaN(Date.parse(ann[0].date))).toBe(false);
    expect((await t.app.inject({ method: 'DELETE', url: '/dev/mailbox' })).statusCode).toBe(204);
    expect(await mailbox()).toEqual([]);
  });

  it('lists each message’s attachments with file name, content type and text (not the inline logo)', async () => {
    const calendar = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n';
    await t.mailer.send({
      to: 'cal@example.com',
      subject: 'Booked',
      text: 'See the file.',
      attachments: [
        {
          filename: 'appointment.ics',
          contentType: 'text/calendar; charset=utf-8; method=REQUEST',
          content: calendar,
        },
      ],
    });
    await t.mailer.send({ to: 'plain@example.com', subject: 'Plain', text: 'No files.' });
    const [withFile] = await mailbox('cal@example.com');
    expect(withFile.attachments).toEqual([
      // postal-mime gives calendar text with \n line ends (as sent: \r\n, base64-encoded).
      { filename: 'appointment.ics', contentType: 'text/calendar', text: calendar.replace(/\r\n/g, '\n') },
    ]);
    const [plain] = await mailbox('plain@example.com');
    expect(plain.attachments).toEqual([]);
  });

  it('takes a free port when the configured catcher port is in use', async () => {
    const taken = t.mailer.catcher!.port;
    const other = await createMailer({ ...testConfig(), mailCatcher: { port: taken } }, () => {});
    try {
      expect(other.catcher!.port).not.toBe(taken);
      await other.send({ to: 'x@example.com', subject: 'S', text: 'T' });
      expect(other.catcher!.list('x@example.com')).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('is absent in production', async () => {
    const config = { ...testConfig(), env: 'production' as const, isProduction: true };
    const app = await buildApp({ config, db: t.db, mailer: t.mailer, contract, handlers: {}, identity: {} });
    try {
      expect((await app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
      expect(
        (await app.inject({ method: 'PUT', url: '/dev/server-status', payload: { at: 1 } })).statusCode,
      ).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('answers only the loopback address, with no-store: anyone else gets a 404 as if it did not exist', async () => {
    await t.mailer.send({ to: 'cy@example.com', subject: 'Your sign-in code', text: 'Code 654321' });
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const own = await t.app.inject({ method: 'GET', url: '/dev/mailbox?to=cy@example.com', remoteAddress });
      expect(own.statusCode, remoteAddress).toBe(200);
      expect(own.headers['cache-control']).toBe('no-store');
      expect(own.json()).toHaveLength(1);
    }
    for (const remoteAddress of ['203.0.113.7', '192.168.1.20', '::ffff:10.0.0.5', '2001:db8::1']) {
      const stranger = await t.app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress });
      expect(stranger.statusCode, remoteAddress).toBe(404);
      expect(stranger.body).not.toContain('654321');
      expect(stranger.headers['cache-control']).toBe('no-store');
      expect((await t.app.inject({ method: 'DELETE', url: '/dev/mailbox', remoteAddress })).statusCode).toBe(
        404,
      );
      expect(
        (await t.app.inject({ method: 'PUT', url: '/dev/server-status', remoteAddress, payload: { at: 1 } }))
          .statusCode,
      ).toBe(404);
    }
    expect(t.mailer.catcher!.list('cy@example.com')).toHaveLength(1);
  });

  it('is absent when the mail catcher is off', async () => {
    const relayOnly = { send: async () => {}, close: async () => {}, catcher: undefined };
    const app = await buildApp({
      config: { ...testConfig(), mailCatcher: undefined },
      db: t.db,
      mailer: relayOnly,
      contract,
      handlers: {},
      identity: {},
    });
    try {
      expect((await app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'DELETE', url: '/dev/mailbox' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});

describe("Tend's logo in every e-mail", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ contract, handlers: {} });
  });
  afterAll(() => t.close());

  const to = 'logo@example.com';
  /** Every kind of e-mail the server sends: the identity mails, the sign-up's, the composed ones (welfare,
   * contact, intake …), any text-only one (reports, duty, invitations, exports) and one with its own HTML. */
  const kinds: Array<[string, MailMessage]> = [
    ['sign-in code', emailChallengeMail(to, '123456')],
    ['e-mail change', emailChangeMail(to, 'https://patient.example/confirm-email#code=abc')],
    ['e-mail changed', emailChangedNotice(to, 'new@example.com')],
    ['password reset', passwordResetMail(to, 'https://patient.example/reset?oobCode=x&mode=resetPassword')],
    ['deletion request', deletionRequestMail(to, 'ref-1')],
    ['wrong codes', wrongCodesMail(to, 5)],
    ['sign-up code', joinCodeMail(to, '123456', 'Tend Health')],
    ['welcome', joinWelcomeMail(to, 'Robin', 'Tend Health', 'https://patient.example')],
    [
      'welfare',
      {
        to,
        ...careTeamWelfareMail(
          { patient: 'Robin', therapist: 'Dr <b>Lee</b>', contact: 'Sam' },
          { careFirstStyleEmail: true, personalMessage: 'Hello <script>' },
        ),
      },
    ],
    ['composed', { to, ...compose('A note', ['One', 'Two'], { label: 'Open', url: 'https://x.example/' }) }],
    [
      'text only',
      { to, subject: 'Your report is ready', text: 'Your report is ready.\n\nOpen Tend to see it.' },
    ],
    [
      'own HTML',
      { to, subject: 'Own', text: 'Own', html: '<!doctype html><html><body><p>Own</p></body></html>' },
    ],
  ];

  it.each(kinds)(
    '%s: the HTML part shows the logo with alt text; the text part is as written',
    async (_k, mail) => {
      await t.app.inject({ method: 'DELETE', url: '/dev/mailbox' });
      await t.mailer.send(mail);
      const [caught] = t.mailer.catcher!.list(to);
      expect(caught).toBeDefined();
      // The plain-text part is exactly the sender's text.
      expect(caught!.text).toBe(mail.text.trimEnd());
      // One logo, as an inline image the HTML part refers to, with the name as its alt text.
      const html = caught!.html ?? '';
      expect(html.match(new RegExp(`<img src="cid:${LOGO_CID}"[^>]*alt="${LOGO_ALT}"`, 'g'))).toHaveLength(1);
      expect(caught!.images).toHaveLength(1);
      expect(caught!.images[0]).toMatchObject({ contentId: LOGO_CID, mimeType: 'image/png' });
      expect(Buffer.from(caught!.images[0]!.bytes).equals(logoPng())).toBe(true);
      // No SVG and no remote image: e-mail clients block both.
      expect(html).not.toMatch(/<svg|<img[^>]+src="https?:/i);
    },
  );

  it('keeps user text escaped when a text-only message becomes HTML, and links web addresses', () => {
    const html = htmlPart({ text: 'Hi <b>Ann</b> & co\nline two\n\nOpen https://x.example/a?b=1&c=2.' });
    expect(html).toContain('<p>Hi &lt;b&gt;Ann&lt;/b&gt; &amp; co<br>line two</p>');
    expect(html).toContain('<a href="https://x.example/a?b=1&amp;c=2">https://x.example/a?b=1&amp;c=2</a>.');
    expect(html).not.toContain('<b>Ann');
  });

  it('is a small PNG', () => {
    const png = logoPng();
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.length).toBeLessThan(4096);
  });
});
