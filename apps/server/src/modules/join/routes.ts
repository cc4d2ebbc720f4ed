// Tag `join`: joining an organisation as a patient at sign-up. Two ways in:
// - the organisation's access code (organisations.access_code; its admins see and replace it);
// - an e-mail address whose domain the organisation whitelists, proved by a 6-digit code mailed to the
//   signed-in account's address (the MFA e-mail challenge machinery: single use, 10 minutes, attempt limits).
// Either way the caller becomes a patient (patients row, patient role, one redemption) and may then ask
// customToken for the `patient` scope. Who may call: any signed-in user (a new account has no role yet).
import { principal } from '../../auth/context.ts';
import { startEmailChallenge, verifyEmailCode } from '../../auth/mfa/email-challenge.ts';
import { mfaDeps } from '../../auth/service.ts';
import { findUser } from '../../auth/users.ts';
import type { Db } from '../../db/index.ts';
import { HttpError, unauthenticated } from '../../http/errors.ts';
import { envLimit } from '../../http/rate-limits.ts';
import type { HandlerContext, Handlers, RateLimit } from '../../http/types.ts';
import { respond } from '../../http/types.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { compose } from '../../mail/templates.ts';
import {
  admissionProblem,
  admitPatient,
  organisationForAccessCode,
  whitelistingOrganisation,
} from '../organisations/membership.ts';
import { loadOrgs } from '../organisations/service.ts';
import { NO_SIGNUP_INFO, signupInfo } from '../organisations/signup-info.ts';

export function joinCodeMail(to: string, code: string, organisationName: string): MailMessage {
  const spaced = `${code.slice(0, 3)} ${code.slice(3)}`;
  return {
    to,
    subject: `Your Tend sign-up code: ${spaced}`,
    text: [
      `Your code to join ${organisationName} on Tend is ${spaced}.`,
      '',
      'Type it where you are signing up. It is valid for 10 minutes and can be used once.',
      'If you did not sign up for Tend, you can ignore this e-mail.',
    ].join('\n'),
  };
}

/**
 * The welcome e-mail of every way in (access code or whitelisted address): what happens next and where, and
 * where help is. Sent once, when the membership is created.
 */
export function joinWelcomeMail(
  to: string,
  firstName: string,
  organisationName: string,
  patientAppUrl: string,
): MailMessage {
  return {
    to,
    ...compose(
      `Welcome to Tend: you have joined ${organisationName}`,
      [
        firstName ? `Hello ${firstName},` : 'Hello,',
        `you have joined ${organisationName} on Tend. Your account is ready.`,
        'When you first sign in, Tend shows you around in a minute: what it can do for you, where help is, and how to connect with your therapist. A good first step is a short check-up of how you are today.',
        'Tend supports you between sessions; it is not an emergency service. If you feel unsafe, call your local emergency number, or use "Get help now" at the top of every page in Tend.',
        'If you did not sign up for Tend, reply to this e-mail or contact your organisation.',
      ],
      { label: 'Open Tend', url: `${patientAppUrl}/` },
    ),
  };
}

const notWhitelisted = () =>
  new HttpError(
    403,
    'email_not_whitelisted',
    'No organisation using Tend accepts sign-ups from this e-mail address: use an access code instead.',
  );

async function caller(ctx: HandlerContext) {
  const who = principal(ctx);
  const user = await findUser(ctx.db, who.uid);
  if (!user) throw unauthenticated();
  // Joining makes an account a patient. An account that works in Tend (therapist, administrator, data-export)
  // may not make itself one: a user is a patient or staff, never both.
  if (user.roles.some((role) => role !== 'patient')) {
    throw new HttpError(
      409,
      'staff_account',
      'This account works in Tend as staff and cannot join an organisation as a patient: sign up with another account.',
    );
  }
  // The address Firebase vouches for in the token, else the one kept for the user.
  const email = (who.email ?? user.email).toLowerCase();
  return { user, email };
}

async function assertNotPatient(ctx: HandlerContext, userId: string) {
  const patient = await ctx.db
    .selectFrom('patients')
    .select('id')
    .where('id', '=', userId)
    .executeTakeFirst();
  if (patient) throw new HttpError(409, 'already_member', 'You are already a patient of an organisation.');
}

export const handlers: Handlers = {
  checkOrganisationAccessCode: async (_req, ctx) => {
    const id = await organisationForAccessCode(ctx.db, String(ctx.query.code));
    if (!id) return { valid: false, organisationName: null, ...NO_SIGNUP_INFO };
    const orgs = await loadOrgs(ctx.db);
    const row = orgs.rows.get(id);
    if (!row || admissionProblem(orgs, id))
      return { valid: false, organisationName: null, ...NO_SIGNUP_INFO };
    return { valid: true, organisationName: row.name, ...signupInfo(orgs, id) };
  },

  startJoinEmailChallenge: async (_req, ctx) => {
    const { user, email } = await caller(ctx);
    await assertNotPatient(ctx, user.id);
    const orgs = await loadOrgs(ctx.db);
    const organisation = whitelistingOrganisation(orgs, email);
    if (!organisation) throw notWhitelisted();
    const problem = admissionProblem(orgs, organisation.id);
    if (problem) throw problem;
    const challenge = await startEmailChallenge(mfaDeps(ctx), user.id, email);
    await ctx.mailer.send(joinCodeMail(email, challenge.code, organisation.name));
    ctx.log.info({ userId: user.id, organisationId: organisation.id }, 'join e-mail code sent');
    return respond(201, {
      challengeId: challenge.challengeId,
      email,
      organisationName: organisation.name,
      expiresAt: new Date(challenge.expiresAt).toISOString(),
    });
  },

  joinOrganisation: async (_req, ctx) => {
    const { user, email } = await caller(ctx);
    const body = ctx.body as { accessCode?: string; challengeId?: string; code?: string };
    let organisationId: string;
    if (typeof body.accessCode === 'string') {
      const found = await organisationForAccessCode(ctx.db, body.accessCode);
      if (!found)
        throw new HttpError(
          404,
          'invalid_access_code',
          'This access code is not known: check it with your organisation.',
        );
      organisationId = found;
    } else {
      let verified: string;
      try {
        verified = (
          await verifyEmailCode(
            mfaDeps(ctx),
            user.id,
            String(body.code).replace(/\s/g, ''),
            String(body.challengeId),
          )
        ).email;
      } catch (error) {
        // The MFA wording (401 mfa_invalid) is for sign-in; here a wrong code is a bad request.
        if (error instanceof HttpError && error.code === 'mfa_invalid') {
          throw new HttpError(
            400,
            'invalid_code',
            'This code is wrong or has expired: check the e-mail, or ask for a new code.',
            {
              attemptsLeft: (error.details as { attemptsLeft?: number } | undefined)?.attemptsLeft ?? 0,
              fields: { code: 'is wrong or has expired' },
            },
          );
        }
        throw error;
      }
      // The address the code was mailed to is the one proved, and the one that must be whitelisted.
      const organisation = whitelistingOrganisation(await loadOrgs(ctx.db), verified);
      if (!organisation) throw notWhitelisted();
      organisationId = organisation.id;
    }
    const membership = await ctx.db
      .transaction()
      .execute((trx) =>
        admitPatient(
          trx as unknown as Db,
          organisationId,
          { userId: user.id, email, firstName: user.firstName ?? '', lastName: user.lastName ?? '' },
          user.id,
          { move: false },
        ),
      );
    const organisation = await ctx.db
      .selectFrom('organisations')
      .select('name')
      .where('id', '=', organisationId)
      .executeTakeFirstOrThrow();
    if (membership.created) {
      ctx.log.info({ userId: user.id, organisationId }, 'patient joined an organisation');
      // The welcome is a courtesy: the membership stands even when the mail cannot be sent now.
      try {
        await ctx.mailer.send(
          joinWelcomeMail(email, user.firstName ?? '', organisation.name, ctx.config.patientAppUrl),
        );
      } catch (error) {
        ctx.log.warn({ err: error, userId: user.id }, 'welcome e-mail not sent');
      }
    }
    return respond(membership.created ? 201 : 200, {
      organisationId,
      organisationName: organisation.name,
      patientId: membership.patientId,
      joinedAt: membership.joinedAt,
    });
  },
};

/** Public and guessable: limited per client IP, like the whitelist check. */
export const JOIN_LIMIT: RateLimit = { max: 30, timeWindow: 15 * 60_000 };
export const rateLimits: Record<string, RateLimit> = {
  checkOrganisationAccessCode: envLimit(JOIN_LIMIT),
  joinOrganisation: envLimit(JOIN_LIMIT),
  startJoinEmailChallenge: envLimit({ max: 10, timeWindow: 15 * 60_000 }),
};
