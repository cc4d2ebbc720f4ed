import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/config.ts';
import { createMailer } from '../src/mail/mailer.ts';

const contract = { openapi: '3.1.0', paths: {} };

describe('mail catcher and /dev/mailbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ contract, handlers: {} });
  });
  afterAll(() => t.close());

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
    const ann = (await t.app.inject({ method: 'GET', url: '/dev/mailbox?to=ann@example.com' })).json();
    expect(ann).toHaveLength(1);
    expect(ann[0]).toMatchObject({
      to: ['ann@example.com'],
      subject: 'Your code',
      html: '<p>Code <b>123456</b></p>',
    });
    expect(ann[0].text).toBe('Code 123456');
    expect(Number.isNaN(Date.parse(ann[0].date))).toBe(false);
    expect((await t.app.inject({ method: 'DELETE', url: '/dev/mailbox' })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox' })).json()).toEqual([]);
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
