// Organisations as lists (tag `organisations`): the administrator's list and search, the caller's own
// organisation and its subscription validity, creating an organisation (with its first administrator), and
// the public whitelist check.
import { NO_SIGNUP_INFO, signupInfo } from './signup-info.ts';
import { randomBytes } from 'node:crypto';
import { json, type Db } from '../../db/index.ts';
import { HttpError, badRequest, forbidden, notFound } from '../../http/errors.ts';
import { newEtag } from '../../http/etag.ts';
import { writeKeyset } from '../../http/keyset.ts';
import type { HandlerContext, Handlers } from '../../http/types.ts';
import { respond } from '../../http/types.ts';
import { adminScope, callerOf, organisationOfPerson, requireAdmin } from './access.ts';
import {
  announceFirstAdmin,
  prepareFirstAdmin,
  undoFirstAdmin,
  writeFirstAdmin,
  type FirstAdminInput,
  type FirstAdminPlan,
} from './first-admin.ts';
import { assignAccessCode, whitelistingOrganisation } from './membership.ts';
import {
  loadOrgs,
  newOrganisationId,
  organisationView,
  subscriptionValidity,
  summaryView,
  type OrgRow,
} from './service.ts';

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** The organisation the caller belongs to: patient, then therapist, then the first administered. */
async function callerOrganisation(ctx: HandlerContext): Promise<string | null> {
  const user = callerOf(ctx);
  const own =
    (await organisationOfPerson(ctx.db, 'patients', user.uid)) ??
    (await organisationOfPerson(ctx.db, 'therapists', user.uid));
  if (own !== undefined) return own;
  const scope = await adminScope(ctx.db, user);
  return scope.roots[0] ?? null;
}

interface PageCursor {
  n: string;
  i: string;
}

function readCursor(value: string): PageCursor {
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as PageCursor;
    if (typeof parsed.n === 'string' && typeof parsed.i === 'string') return parsed;
  } catch {
    // answered below
  }
  throw badRequest('The lastPage cursor is not one this server gave.', {
    fields: { lastPage: 'is not a valid cursor' },
  });
}

const byNameThenId = (a: OrgRow, b: OrgRow) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

export const listingHandlers: Handlers = {
  listOrganisations: async (_req, ctx) => {
    const scope = await requireAdmin(ctx);
    const pageSize = typeof ctx.query.pageSize === 'number' ? ctx.query.pageSize : 25;
    const parent = str(ctx.query.parentOrganisation);
    const topLevel = ctx.query.topLevel === true && !parent;
    const cursor = str(ctx.query.lastPage) ? readCursor(String(ctx.query.lastPage)) : null;
    if (parent && !scope.ids.has(parent)) throw forbidden('You do not administer that organisation.');
    const orgs = await loadOrgs(ctx.db);
    // The top of the admin's tree: organisations whose parent they do not administer.
    const inView = (r: OrgRow) =>
      parent ? r.parent_id === parent : topLevel ? !(r.parent_id && scope.ids.has(r.parent_id)) : true;
    const rows = [...orgs.rows.values()]
      .filter((r) => scope.ids.has(r.id) && inView(r))
      .sort(byNameThenId)
      .filter((r) => !cursor || r.name > cursor.n || (r.name === cursor.n && r.id > cursor.i));
    const page = rows.slice(0, pageSize);
    const last = page[page.length - 1];
    return {
      items: page.map((r) => summaryView(orgs, r.id)),
      lastPage: rows.length > pageSize && last ? writeKeyset({ n: last.name, i: last.id }) : null,
    };
  },

  getMyOrganisation: async (_req, ctx) => {
    const id = await callerOrganisation(ctx);
    const orgs = await loadOrgs(ctx.db);
    if (!id || !orgs.rows.has(id)) throw notFound('You do not belong to an organisation.');
    // The access code is shown only to the organisation's administrators.
    const administers = ctx.user?.scopes.includes('org-admin')
      ? (await adminScope(ctx.db, callerOf(ctx))).ids.has(id)
      : false;
    return organisationView(orgs, id, true, administers);
  },

  createOrganisation: async (_req, ctx) => {
    const user = callerOf(ctx);
    const scope = await requireAdmin(ctx);
    const body = ctx.body as {
      tubAdminOrganisationDetails: {
        name: string;
        contactEmail?: string;
        country?: string;
        parentOrganisation?: string | null;
      };
      firstAdmin?: FirstAdminInput;
    };
    const input = body.tubAdminOrganisationDetails;
    const name = input.name.trim();
    if (!name)
      throw badRequest('The name cannot be blank.', {
        fields: { 'tubAdminOrganisationDetails.name': "can't be blank" },
      });
    const parent = input.parentOrganisation ?? null;
    if (parent === null && !scope.platform)
      throw forbidden(
        'Only a platform administrator creates top-level organisations: choose a parent organisation you administer.',
      );
    if (parent !== null && !scope.ids.has(parent))
      throw forbidden('You do not administer the parent organisation.');
    const max = Number(ctx.query.maxRedemptions);
    const id = newOrganisationId(name, randomBytes(4).toString('hex'));
    const firstAdmin: FirstAdminPlan | null = body.firstAdmin
      ? await prepareFirstAdmin(ctx, body.firstAdmin)
      : null;
    try {
      await ctx.db.transaction().execute(async (trx) => {
        const siblings = await trx
          .selectFrom('organisations')
          .select('name')
          .where((eb) => (parent === null ? eb('parent_id', 'is', null) : eb('parent_id', '=', parent)))
          .execute();
        if (siblings.some((s) => s.name.toLowerCase() === name.toLowerCase())) {
          throw new HttpError(
            409,
            'organisation_name_in_use',
            'An organisation with this name already exists here.',
            { fields: { 'tubAdminOrganisationDetails.name': 'is already used' } },
          );
        }
        const details: Record<string, unknown> = { name };
        if (input.contactEmail) details.contactEmail = input.contactEmail;
        if (input.country) details.country = input.country;
        await trx
          .insertInto('organisations')
          .values({
            id,
            parent_id: parent,
            name,
            details: json(details),
            app_settings: json({}),
            subscription: json({ maxRedemptions: max }),
            research_settings: json({}),
            enabled: true,
            max_redemptions: max,
            etag: newEtag(),
          })
          .execute();
        await assignAccessCode(trx as unknown as Db, id);
        if (firstAdmin) await writeFirstAdmin(trx as unknown as Db, firstAdmin, id, 'en');
      });
    } catch (error) {
      await undoFirstAdmin(ctx, firstAdmin);
      throw error;
    }
    ctx.log.info(
      { organisationId: id, by: user.uid, firstAdmin: firstAdmin?.userId },
      'organisation created',
    );
    if (firstAdmin) {
      // The organisation exists: a mail that cannot be sent now is logged, not answered as a failure.
      await announceFirstAdmin(ctx, firstAdmin, name).catch((error: unknown) =>
        ctx.log.warn({ err: error, organisationId: id }, 'first administrator not mailed'),
      );
    }
    return respond(201, id, {}, 'text/plain; charset=utf-8');
  },

  getSubscriptionValidity: async (_req, ctx) => {
    const id = await callerOrganisation(ctx);
    const orgs = await loadOrgs(ctx.db);
    if (!id || !orgs.rows.has(id))
      return { valid: false, reason: 'no_organisation', organisationId: null, endsAt: null };
    return subscriptionValidity(orgs, id);
  },

  isEmailWhitelisted: async (_req, ctx) => {
    const orgs = await loadOrgs(ctx.db);
    const match = whitelistingOrganisation(orgs, String(ctx.query.email));
    if (!match) return { whitelisted: false, organisationName: null, ...NO_SIGNUP_INFO };
    return { whitelisted: true, organisationName: match.name, ...signupInfo(orgs, match.id) };
  },

  searchOrganisations: async (_req, ctx) => {
    const scope = await requireAdmin(ctx);
    const term = String(ctx.query.term).trim().toLowerCase();
    const orgs = await loadOrgs(ctx.db);
    const items = [...orgs.rows.values()]
      .filter(
        (r) =>
          scope.ids.has(r.id) && (r.name.toLowerCase().includes(term) || r.id.toLowerCase().includes(term)),
      )
      .sort(byNameThenId)
      .slice(0, 50)
      .map((r) => summaryView(orgs, r.id));
    return { items };
  },
};
