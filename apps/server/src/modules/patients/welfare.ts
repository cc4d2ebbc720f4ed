// A patient's welfare contact (the one person they allow their care team to ask to check in on them) and
// the welfare e-mail a therapist of the care team sends that person (sendWelfareEmail with patientId;
// previewWelfareEmail shows exactly the same text). The mail names no health data: only that the patient
// chose the person and would value a check-in.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/index.ts';
import { json } from '../../db/index.ts';
import { HttpError, validationError } from '../../http/errors.ts';
import type { HandlerContext } from '../../http/types.ts';
import { compose, type MailContent } from '../../mail/templates.ts';
import { assertAssignedTherapist } from './access.ts';

export interface WelfareContact {
  name: string;
  email: string;
  relationship?: string;
}

export async function welfareContactOf(db: Db, patientId: string): Promise<WelfareContact | null> {
  const row = await db
    .selectFrom('patient_welfare_contacts')
    .select(['name', 'email', 'relationship'])
    .where('patient_id', '=', patientId)
    .executeTakeFirst();
  return row
    ? { name: row.name, email: row.email, ...(row.relationship ? { relationship: row.relationship } : {}) }
    : null;
}

/** The welfare e-mails a care team sent about a patient, newest first (what the patient sees). */
export async function welfareEmailsAbout(db: Db, patientId: string, limit = 50) {
  const rows = await db
    .selectFrom('welfare_emails as w')
    .leftJoin('therapists as t', 't.id', 'w.uid')
    .select(['w.id', 'w.created_at', 'w.target_emails', 't.first_name', 't.last_name'])
    .where('w.patient_id', '=', patientId)
    .orderBy('w.created_at', 'desc')
    .orderBy('w.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    sentAt: new Date(r.created_at).toISOString(),
    to: (Array.isArray(r.target_emails) ? r.target_emails : [])[0] ?? '',
    sentBy: [r.first_name, r.last_name].filter(Boolean).join(' ') || null,
  }));
}

export interface WelfareOptions {
  careFirstStyleEmail: boolean;
  personalMessage?: string | undefined;
}

/** The e-mail a therapist of the patient's care team sends to the patient's welfare contact. */
export function careTeamWelfareMail(
  names: { patient: string; therapist: string; contact: string },
  options: WelfareOptions,
): MailContent {
  const paragraphs = [
    `Dear ${names.contact},`,
    `${names.therapist}, ${names.patient}'s therapist at Tend, is writing to you because ${names.patient} named you as someone who may be asked to check in on them.`,
    options.careFirstStyleEmail
      ? 'You do not need to say anything special: a message, a call or a cup of tea together can make a real difference.'
      : `Please get in touch with ${names.patient} when you can.`,
  ];
  const message = options.personalMessage?.trim();
  if (message) paragraphs.push(`A message from ${names.therapist}:\n${message}`);
  paragraphs.push('If you think someone is in immediate danger, call 999.');
  return compose(`Could you check in on ${names.patient}?`, paragraphs);
}

/** What the caller (a therapist of the patient) would send: the contact and the mail (409 without a contact). */
export async function careTeamWelfareEmail(ctx: HandlerContext, patientId: string, options: WelfareOptions) {
  const { patient, therapistId } = await assertAssignedTherapist(ctx, patientId);
  const [contact, therapist] = await Promise.all([
    welfareContactOf(ctx.db, patientId),
    ctx.db
      .selectFrom('therapists')
      .select(['first_name', 'last_name'])
      .where('id', '=', therapistId)
      .executeTakeFirstOrThrow(),
  ]);
  if (!contact)
    throw new HttpError(
      409,
      'conflict',
      `${patient.first_name} has not named a welfare contact, so no welfare e-mail can be sent for them.`,
    );
  const mail = careTeamWelfareMail(
    {
      patient: patient.first_name,
      therapist: `${therapist.first_name} ${therapist.last_name}`.trim(),
      contact: contact.name,
    },
    options,
  );
  return { contact, mail, therapistId };
}

/** sendWelfareEmail with `patientId`: only to the patient's welfare contact, written as from their therapist. */
export async function sendCareTeamWelfareEmail(
  ctx: HandlerContext,
  body: {
    patientId: string;
    targetEmailAddresses: string[];
    careFirstStyleEmail: boolean;
    personalMessage?: string;
  },
): Promise<{ status: 'accepted'; requestId: string }> {
  const { contact, mail, therapistId } = await careTeamWelfareEmail(ctx, body.patientId, body);
  const targets = body.targetEmailAddresses.map((e) => e.trim().toLowerCase());
  if (targets.length !== 1 || targets[0] !== contact.email.toLowerCase()) {
    throw validationError("A welfare e-mail about a patient goes only to the patient's welfare contact.", {
      fields: { targetEmailAddresses: "must be the patient's welfare contact alone" },
    });
  }
  const id = randomUUID();
  await ctx.db
    .insertInto('welfare_emails')
    .values({
      id,
      uid: therapistId,
      patient_id: body.patientId,
      target_emails: json([contact.email.toLowerCase()]),
      care_first_style: body.careFirstStyleEmail,
    })
    .execute();
  await ctx.mailer.send({
    to: contact.email,
    ...mail,
    ...(ctx.user?.email ? { replyTo: ctx.user.email } : {}),
  });
  ctx.log.info(
    { therapistId, patientId: body.patientId },
    'welfare e-mail sent to a patient’s welfare contact',
  );
  return { status: 'accepted', requestId: id };
}
