import { randomUUID } from 'node:crypto';
import { json } from '../../db/index.ts';
import { envLimit, RATE_LIMITS } from '../../http/rate-limits.ts';
import type { Handlers, HandlerContext, RateLimit } from '../../http/types.ts';
import { respond } from '../../http/types.ts';
import { compose } from '../../mail/templates.ts';
import { signEmailToken, verifyEmailToken } from './tokens.ts';
import { sendCareTeamWelfareEmail } from '../patients/welfare.ts';

const normalise = (email: string) => email.trim().toLowerCase();

async function setSubscribed(ctx: HandlerContext, email: string, subscribed: boolean) {
  const now = new Date();
  await ctx.db
    .insertInto('email_subscriptions')
    .values({ email, subscribed, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('email').doUpdateSet({ subscribed, updated_at: now }))
    .execute();
}

const updateLink = async (ctx: HandlerContext, email: string, action: 'subscribe' | 'unsubscribe') =>
  `${ctx.config.apiUrl}/email/update/jwt/${await signEmailToken(ctx.config.secret, email, action)}`;

export const handlers: Handlers = {
  subscribeEmail: async (_request, ctx) => {
    const email = normalise(String(ctx.params.email));
    await setSubscribed(ctx, email, true);
    await ctx.mailer.send({
      to: email,
      ...compose(
        'You are subscribed to Tend news',
        [
          'You will receive occasional news e-mails from Tend. If you did not ask for this, unsubscribe with the link below.',
        ],
        { label: 'Unsubscribe', url: await updateLink(ctx, email, 'unsubscribe') },
      ),
    });
    return { email, subscribed: true };
  },

  /** Idempotent; an unknown address answers the same (addresses cannot be probed) and is not stored. */
  unsubscribeEmail: async (_request, ctx) => {
    const email = normalise(String(ctx.params.email));
    await ctx.db
      .updateTable('email_subscriptions')
      .set({ subscribed: false, updated_at: new Date() })
      .where('email', '=', email)
      .execute();
    return { email, subscribed: false };
  },

  updateEmailByJwt: async (_request, ctx) => {
    const { email, action } = await verifyEmailToken(ctx.config.secret, String(ctx.params.token));
    await setSubscribed(ctx, normalise(email), action === 'subscribe');
    return action === 'subscribe'
      ? `You are subscribed: ${email} will receive Tend news e-mails.`
      : `You are unsubscribed: ${email} will receive no more Tend news e-mails.`;
  },

  /** What sendWelfareEmail with the same body would send, sent to no one. */
  previewOwnWelfareEmail: async (_request, ctx) => {
    const body = ctx.body as { careFirstStyleEmail: boolean; personalMessage?: string };
    const { subject, text } = ownWelfareMail(await senderName(ctx), body);
    return { subject, text };
  },

  /** A "check on me" e-mail from the signed-in user to up to five people; the text never holds health data. */
  sendWelfareEmail: async (_request, ctx) => {
    const body = ctx.body as {
      targetEmailAddresses: string[];
      careFirstStyleEmail: boolean;
      personalMessage?: string;
      patientId?: string;
    };
    // About a patient, by their therapist, to the patient's welfare contact (patients/welfare.ts).
    if (body.patientId !== undefined)
      return respond(202, await sendCareTeamWelfareEmail(ctx, { ...body, patientId: body.patientId }));
    const user = ctx.user!;
    const person = await senderName(ctx);
    const id = randomUUID();
    await ctx.db
      .insertInto('welfare_emails')
      .values({
        id,
        uid: user.uid,
        target_emails: json(body.targetEmailAddresses.map(normalise)),
        care_first_style: body.careFirstStyleEmail,
      })
      .execute();
    const mail = ownWelfareMail(person, body);
    for (const to of body.targetEmailAddresses)
      await ctx.mailer.send({ to, ...mail, ...(user.email ? { replyTo: user.email } : {}) });
    return respond(202, { status: 'accepted', requestId: id });
  },
};

/** The welfare e-mail the signed-in user sends about themself (previewOwnWelfareEmail shows exactly this). */
function ownWelfareMail(
  person: string,
  body: { careFirstStyleEmail: boolean; personalMessage?: string | undefined },
) {
  const paragraphs = body.careFirstStyleEmail
    ? [
        `${person} uses Tend to look after their wellbeing and would value a kind word from you.`,
        'You do not need to say anything special: a message, a call or a cup of tea together can make a real difference.',
      ]
    : [
        `${person} asked Tend to let you know they could use some support right now.`,
        'Please check in with them when you can.',
      ];
  if (body.personalMessage) paragraphs.push(`Their message to you:\n${body.personalMessage}`);
  paragraphs.push('If you think someone is in immediate danger, call 999.');
  return compose(`${person} would like you to check in`, paragraphs);
}

async function senderName(ctx: HandlerContext): Promise<string> {
  const uid = ctx.user!.uid;
  const patient = await ctx.db
    .selectFrom('patients')
    .select(['first_name', 'last_name'])
    .where('id', '=', uid)
    .executeTakeFirst();
  const therapist = patient
    ? undefined
    : await ctx.db
        .selectFrom('therapists')
        .select(['first_name', 'last_name'])
        .where('id', '=', uid)
        .executeTakeFirst();
  const row = patient ?? therapist;
  if (row) return `${row.first_name} ${row.last_name}`.trim();
  return ctx.user!.email ?? 'Someone you know';
}

export const rateLimits: Record<string, RateLimit> = {
  subscribeEmail: envLimit(RATE_LIMITS.SUBSCRIBE),
  unsubscribeEmail: envLimit(RATE_LIMITS.SUBSCRIBE),
  sendWelfareEmail: envLimit({ max: 10, timeWindow: 60 * 60_000 }),
};
