// The organisation audit log: who did what to whom, and when. Every staff change writes one entry, in the
// transaction of the change (so a change and its entry are kept or lost together). Other modules (intake:
// placing and reassigning patients) call recordOrganisationAudit the same way.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/index.ts';
import { json } from '../../db/index.ts';
import { newestFirstPage } from '../../db/newest-first.ts';
import { badRequest } from '../../http/errors.ts';

export type AuditAction =
  | 'invitation_sent'
  | 'invitation_resent'
  | 'invitation_withdrawn'
  | 'invitation_accepted'
  | 'roles_changed'
  | 'staff_removed'
  // Other modules add their own (shown as a change by screens that do not know them yet).
  | (string & {});

export interface AuditRecord {
  organisationId: string;
  /** Who made the change; null when nobody signed in did (e.g. an invitation accepted by its link). */
  actorId: string | null;
  action: AuditAction;
  /** Whom it concerned: their user id (null for someone without an account yet) and a label (name and address at the time). */
  subject: { id: string | null; label: string };
  /** The change itself: roles, counts … never clinical content. */
  detail?: Record<string, unknown>;
}

/** Writes one audit entry (call it inside the transaction of the change). */
export async function recordOrganisationAudit(db: Db, record: AuditRecord): Promise<void> {
  await db
    .insertInto('organisation_audit')
    .values({
      id: randomUUID(),
      organisation_id: record.organisationId,
      actor_id: record.actorId,
      action: record.action,
      subject_id: record.subject.id,
      subject_label: record.subject.label,
      detail: json(record.detail ?? {}),
      created_at: new Date(),
    })
    .execute();
}

/** "First Last <email>" for audit labels. */
export function personLabel(p: { first_name?: string | null; last_name?: string | null; email: string }) {
  const name = [p.first_name, p.last_name].filter(Boolean).join(' ');
  return name ? `${name} <${p.email}>` : p.email;
}

interface Cursor {
  at: string;
  id: string;
}

function readCursor(value: string): Cursor {
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Partial<Cursor>;
    if (
      typeof parsed.at === 'string' &&
      typeof parsed.id === 'string' &&
      !Number.isNaN(Date.parse(parsed.at))
    )
      return { at: parsed.at, id: parsed.id };
  } catch {
    // answered below
  }
  throw badRequest('The lastPage cursor is not one this server gave.', {
    fields: { lastPage: 'is not a valid cursor' },
  });
}

export const writeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
export { readCursor as readTimeCursor };

/** A page of the organisation's audit log, newest first (keyset on created_at, id). */
export async function organisationAuditPage(
  db: Db,
  organisationId: string,
  pageSize: number,
  lastPage: string | null,
) {
  const after = lastPage === null ? null : readCursor(lastPage);
  const query = db
    .selectFrom('organisation_audit as a')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .select([
      'a.id',
      'a.created_at',
      'a.actor_id',
      'a.action',
      'a.subject_id',
      'a.subject_label',
      'a.detail',
      'u.first_name',
      'u.last_name',
      'u.email',
    ])
    .where('a.organisation_id', '=', organisationId);
  const { page, more } = await newestFirstPage(
    query,
    'a',
    after && { at: new Date(after.at), id: after.id },
    pageSize,
  );
  const items = page.map((r) => ({
    id: r.id,
    at: new Date(r.created_at).toISOString(),
    actorId: r.actor_id,
    actorName: r.email ? [r.first_name, r.last_name].filter(Boolean).join(' ') || r.email : null,
    action: r.action,
    subjectId: r.subject_id,
    subject: r.subject_label,
    detail: (r.detail ?? {}) as Record<string, unknown>,
  }));
  const last = items.at(-1);
  return {
    items,
    lastPage: more && last ? writeCursor({ at: last.at, id: last.id }) : null,
  };
}
