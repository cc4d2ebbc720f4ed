import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/index.ts';
import { json } from '../../db/index.ts';
import { HttpError } from '../../http/errors.ts';
import { envLimit, RATE_LIMITS } from '../../http/rate-limits.ts';
import type { Handlers, HandlerContext, RateLimit } from '../../http/types.ts';
import { respond } from '../../http/types.ts';
import { compose } from '../../mail/templates.ts';

const ACCESS_LABELS: Record<string, string> = {
  patient: 'a patient',
  organisation: 'an organisation',
  therapist: 'a therapist',
  research: 'a researcher',
};

/** The contact page's token: known and not expired, else 403 invalid_token. */
async function contactToken(db: Db, token: string) {
  const row = await db
    .selectFrom('contact_tokens')
    .leftJoin('clients', 'clients.id', 'contact_tokens.client_id')
    .leftJoin('organisations', 'organisations.id', 'contact_tokens.organisation_id')
    .select([
      'contact_tokens.token',
      'contact_tokens.label',
      'contact_tokens.expires_at',
      'clients.name as client_name',
      'organisations.name as organisation_name',
    ])
    .where('contact_tokens.token', '=', token)
    .executeTakeFirst();
  if (!row || (row.expires_at && new Date(row.expires_at).getTime() <= Date.now())) {
    throw new HttpError(
      403,
      'invalid_token',
      'This contact page link is not valid any more. Please contact us another way.',
    );
  }
  return row;
}

/**
 * Stores a request made through a contact page's link (a callback or a check-in: contactable, by the link's
 * subject), with the form as its payload; answers the request's id, its reference.
 */
async function storeLinkRequest(
  db: Db,
  token: { label: string; token: string },
  request: {
    kind: 'callback' | 'check-in';
    email: string | null;
    message: string | null;
    callbackGroup: string | null;
  },
  form: object,
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('contact_requests')
    .values({
      id,
      kind: request.kind,
      type: null,
      email: request.email,
      message: request.message,
      is_contactable: true,
      callback_group: request.callbackGroup,
      payload: json(form),
      token_subject: token.label,
      contact_token: token.token,
    })
    .execute();
  return id;
}

const accepted = (requestId: string) => respond(202, { status: 'accepted', requestId });

/** Mails the team; a mail failure is logged and does not lose the stored request. */
async function mailTeam(ctx: HandlerContext, subject: string, lines: string[]) {
  try {
    await ctx.mailer.send({ to: ctx.config.teamEmail, ...compose(subject, lines) });
  } catch (error) {
    ctx.log.error({ err: error instanceof Error ? error.message : String(error) }, 'team mail failed');
  }
}

export const handlers: Handlers = {
  requestAccess: async (_request, ctx) => {
    const type = String(ctx.params.type);
    const email = String(ctx.query.email);
    const message = String(ctx.query.message);
    const isContactable = ctx.query.isContactable === true;
    const id = randomUUID();
    await ctx.db
      .insertInto('contact_requests')
      .values({
        id,
        kind: 'access',
        type,
        email,
        message,
        is_contactable: isContactable,
        payload: json(null),
        callback_group: null,
        token_subject: null,
        contact_token: null,
      })
      .execute();
    await mailTeam(ctx, `Access request (${type}) ${id.slice(0, 8)}`, [
      `Someone asked for access as ${ACCESS_LABELS[type] ?? type}.`,
      `E-mail: ${email}`,
      `May we contact them: ${isContactable ? 'yes' : 'no'}`,
      `Message:\n${message}`,
      `Reference: ${id}`,
    ]);
    if (isContactable) {
      try {
        await ctx.mailer.send({
          to: email,
          ...compose('We received your request', [
            'Thank you for getting in touch with Tend. We received your request for access and will reply by e-mail.',
            'If you are in crisis or feel unsafe, please call 999 or Samaritans on 116 123 now.',
          ]),
        });
      } catch (error) {
        ctx.log.error(
          { err: error instanceof Error ? error.message : String(error) },
          'acknowledgement mail failed',
        );
      }
    }
    return accepted(id);
  },

  requestCallback: async (_request, ctx) => {
    const token = await contactToken(ctx.db, String(ctx.query.token));
    const callbackGroup = String(ctx.query.callbackGroup);
    const details = ctx.body as {
      name: string;
      phone: string;
      email?: string;
      preferredTime?: string;
      notes?: string;
    };
    const id = await storeLinkRequest(
      ctx.db,
      token,
      { kind: 'callback', email: details.email ?? null, message: details.notes ?? null, callbackGroup },
      details,
    );
    await mailTeam(ctx, `Callback request for ${callbackGroup} ${id.slice(0, 8)}`, [
      `A callback was requested from ${token.client_name ?? token.organisation_name ?? token.label} (group ${callbackGroup}).`,
      `Name: ${details.name}\nPhone: ${details.phone}${details.email ? `\nE-mail: ${details.email}` : ''}${details.preferredTime ? `\nPreferred time: ${details.preferredTime}` : ''}`,
      ...(details.notes ? [`Notes:\n${details.notes}`] : []),
      `Reference: ${id}`,
    ]);
    return accepted(id);
  },

  requestCheckIn: async (_request, ctx) => {
    const token = await contactToken(ctx.db, String(ctx.query.token));
    const body = ctx.body as {
      name: string;
      message: string;
      email?: string;
      phone?: string;
      preferredContact?: string;
    };
    const id = await storeLinkRequest(
      ctx.db,
      token,
      { kind: 'check-in', email: body.email ?? null, message: body.message, callbackGroup: null },
      body,
    );
    await mailTeam(ctx, `Check-in request ${id.slice(0, 8)}`, [
      `A check-in was requested from ${token.client_name ?? token.organisation_name ?? token.label}.`,
      `Name: ${body.name}${body.email ? `\nE-mail: ${body.email}` : ''}${body.phone ? `\nPhone: ${body.phone}` : ''}${body.preferredContact ? `\nPrefers: ${body.preferredContact}` : ''}`,
      `Message:\n${body.message}`,
      `Reference: ${id}`,
    ]);
    return accepted(id);
  },
};

export const rateLimits: Record<string, RateLimit> = {
  requestAccess: envLimit(RATE_LIMITS.CONTACT),
  requestCallback: envLimit(RATE_LIMITS.CONTACT),
  requestCheckIn: envLimit(RATE_LIMITS.CONTACT),
};
