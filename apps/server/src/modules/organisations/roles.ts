// Who holds which scope in an organisation (listOrganisationRoles): its administrators and those of every
// organisation above it (an administrator of a parent administers its children: `via` says where the role
// is held, the nearest one when both), its therapists (`therapist`, and `lead-therapist`, which a therapist
// uses for the patients they lead), and how many patients it has. Platform administrators (who administer
// every organisation) are not listed per organisation. By last name, first name, id; keyset-paged.
import type { Db } from '../../db/index.ts';
import { badRequest } from '../../http/errors.ts';
import { ancestry, organisationTree } from './access.ts';
import { patientCount } from './numbers.ts';

type Scope = 'patient' | 'therapist' | 'lead-therapist' | 'org-admin' | 'data-export';

export interface RoleHolder {
  userId: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  scopes: Scope[];
  via: string;
  viaName: string;
  /** The roles held in this very organisation (what the staff screens change): therapist, lead-therapist (therapists.is_lead), org-admin. */
  staffRoles: Array<'therapist' | 'lead-therapist' | 'org-admin'>;
}

const SCOPE_ORDER: Scope[] = ['org-admin', 'therapist', 'lead-therapist', 'patient', 'data-export'];
const STAFF_ORDER: RoleHolder['staffRoles'] = ['therapist', 'lead-therapist', 'org-admin'];
const sortKey = (h: RoleHolder) =>
  [(h.lastName ?? '').toLowerCase(), (h.firstName ?? '').toLowerCase(), h.userId].join('\u0000');

function readCursor(value: string): string {
  try {
    const key = Buffer.from(value, 'base64url').toString('utf8');
    if (key.includes('\u0000')) return key;
  } catch {
    // answered below
  }
  throw badRequest('The lastPage cursor is not one this server gave.', {
    fields: { lastPage: 'is not a valid cursor' },
  });
}

export async function organisationRoles(
  db: Db,
  organisationId: string,
  pageSize: number,
  lastPage: string | null,
) {
  const after = lastPage === null ? null : readCursor(lastPage);
  const chain = ancestry(await organisationTree(db), organisationId);
  const names = new Map(
    (await db.selectFrom('organisations').select(['id', 'name']).where('id', 'in', chain).execute()).map(
      (o) => [o.id, o.name],
    ),
  );
  const holders = new Map<string, RoleHolder>();
  const add = (
    row: { id: string; first_name: string | null; last_name: string | null; email: string },
    scopes: Scope[],
    via: string,
    staffRoles: RoleHolder['staffRoles'] = [],
  ) => {
    const held = holders.get(row.id);
    if (held) {
      held.scopes = SCOPE_ORDER.filter((s) => held.scopes.includes(s) || scopes.includes(s));
      held.staffRoles = STAFF_ORDER.filter((r) => held.staffRoles.includes(r) || staffRoles.includes(r));
      return;
    }
    holders.set(row.id, {
      userId: row.id,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      scopes,
      via,
      viaName: names.get(via) ?? via,
      staffRoles,
    });
  };
  const admins = await db
    .selectFrom('user_roles')
    .innerJoin('users', 'users.id', 'user_roles.user_id')
    .select(['users.id', 'users.first_name', 'users.last_name', 'users.email', 'user_roles.organisation_id'])
    .where('user_roles.role', '=', 'admin')
    .where('user_roles.organisation_id', 'in', chain)
    .execute();
  // Nearest first: the organisation itself, then its parent, …
  admins.sort((a, b) => chain.indexOf(a.organisation_id!) - chain.indexOf(b.organisation_id!));
  for (const a of admins)
    add(a, ['org-admin'], a.organisation_id!, a.organisation_id === organisationId ? ['org-admin'] : []);
  const therapists = await db
    .selectFrom('therapists')
    .select(['id', 'first_name', 'last_name', 'email', 'is_lead'])
    .where('organisation_id', '=', organisationId)
    .execute();
  for (const t of therapists)
    add(
      t,
      ['therapist', 'lead-therapist'],
      organisationId,
      t.is_lead ? ['therapist', 'lead-therapist'] : ['therapist'],
    );
  const patients = await patientCount(db, organisationId);

  const sorted = [...holders.values()].sort((a, b) =>
    sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0,
  );
  const rest = after === null ? sorted : sorted.filter((h) => sortKey(h) > after);
  const items = rest.slice(0, pageSize);
  const last = items.at(-1);
  return {
    items,
    lastPage: rest.length > pageSize && last ? Buffer.from(sortKey(last)).toString('base64url') : null,
    patients,
  };
}
