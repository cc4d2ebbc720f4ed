// organisations tag: listing, the caller's organisation, create, unmerged and merged views, PATCH of the
// four sections with ETags, enable/disable, subscription validity, adding a patient, the logo upload
// policy, the public whitelist check and search. The merge rule and ETags are described in ./service.ts;
// who may see what in ./access.ts.
import { NO_SIGNUP_INFO, signupInfo } from './signup-info.ts';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { json, type Db } from '../../db/index.ts';
import { HttpError, badRequest, forbidden, notFound } from '../../http/errors.ts';
import { checkEtag, newEtag } from '../../http/etag.ts';
import { envLimit } from '../../http/rate-limits.ts';
import type { AppDeps, HandlerContext, Handlers, RateLimit } from '../../http/types.ts';
import { respond } from '../../http/types.ts';
import { adminScope, callerOf, requireAdmin, requireAdminOf } from './access.ts';
import { registerImages, issueImagePolicy } from './images.ts';
import {
  announceFirstAdmin,
  prepareFirstAdmin,
  undoFirstAdmin,
  writeFirstAdmin,
  type FirstAdminInput,
  type FirstAdminPlan,
} from './first-admin.ts';
import { admitPatient, assignAccessCode, whitelistingOrganisation } from './membership.ts';
import { organisationRoles } from './roles.ts';
import {
  ORG_COLUMNS,
  SECTION_COLUMN,
  applyPatch,
  loadOrgs,
  newOrganisationId,
  organisationView,
  ownValues,
  sectionView,
  subscriptionValidity,
  summaryView,
  type OrgContext,
  type OrgRow,
  type SectionName,
} from './service.ts';

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** The organisation the caller belongs to: patient, then therapist, then the first administered. */
async function callerOrganisation(ctx: HandlerContext): Promise<string | null> {
  const user = callerOf(ctx);
  const patient = await ctx.db
    .selectFrom('patients')
    .select('organisation_id')
    .where('id', '=', user.uid)
    .executeTakeFirst();
  if (patient) return patient.organisation_id;
  const therapist = await ctx.db
    .selectFrom('therapists')
    .select('organisation_id')
    .where('id', '=', user.uid)
    .executeTakeFirst();
  if (therapist) return therapist.organisation_id;
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

/** Reads, checks the ETag and writes one section inside a transaction (the row locked); answers the new context. */
async function patchSection(
  ctx: HandlerContext,
  section: SectionName,
): Promise<{ orgs: OrgContext; id: string }> {
  const id = String(ctx.params.organisation);
  await requireAdminOf(ctx, id);
  const patch = ctx.body as Record<string, unknown>;
  await ctx.db.transaction().execute(async (trx) => {
    const row = (await trx
      .selectFrom('organisations')
      .select([...ORG_COLUMNS])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst()) as OrgRow | undefined;
    if (!row) throw notFound('No such organisation.');
    const before = await loadOrgs(trx as unknown as Db);
    const current =
      section === 'subscription'
        ? sectionView(before, id, section, true)
        : sectionView(before, id, section, false);
    checkEtag(ctx.headers, String(current.etag), current);
    const own = ownValues(row, section);
    const next = applyPatch(own, normalisePatch(section, patch));
    const updates: Record<string, unknown> = { updated_at: new Date(), etag: newEtag() };
    if (section === 'details') {
      updates.name = String(next.name ?? row.name);
      next.name = updates.name;
    }
    if (section === 'subscription') {
      updates.max_redemptions = typeof next.maxRedemptions === 'number' ? next.maxRedemptions : null;
    }
    updates[SECTION_COLUMN[section]] = json(next);
    await trx.updateTable('organisations').set(updates).where('id', '=', id).execute();
  });
  return { orgs: await loadOrgs(ctx.db), id };
}

function normalisePatch(section: SectionName, patch: Record<string, unknown>): Record<string, unknown> {
  const out = { ...patch };
  if (section === 'details' && Array.isArray(out.whitelistedDomains)) {
    out.whitelistedDomains = [
      ...new Set((out.whitelistedDomains as string[]).map((d) => d.toLowerCase())),
    ].sort();
  }
  if (section === 'details' && typeof out.name === 'string') {
    out.name = out.name.trim();
    if (!out.name) throw badRequest('The name cannot be blank.', { fields: { name: "can't be blank" } });
  }
  if (
    section === 'subscription' &&
    typeof out.startsAt === 'string' &&
    typeof out.endsAt === 'string' &&
    out.endsAt < out.startsAt
  ) {
    throw badRequest('The subscription cannot end before it starts.', {
      fields: { endsAt: 'is less than startsAt' },
    });
  }
  return out;
}

async function sectionGet(ctx: HandlerContext, section: SectionName, merged: boolean) {
  const id = String(ctx.params.organisation);
  await requireAdminOf(ctx, id);
  const orgs = await loadOrgs(ctx.db);
  const view = sectionView(orgs, id, section, merged);
  return respond(200, view, { etag: String(view.etag) });
}

async function setEnabled(ctx: HandlerContext, enabled: boolean) {
  const id = String(ctx.params.organisation);
  await requireAdminOf(ctx, id);
  const max = typeof ctx.query.maxRedemptions === 'number' ? ctx.query.maxRedemptions : undefined;
  await ctx.db.transaction().execute(async (trx) => {
    const row = (await trx
      .selectFrom('organisations')
      .select([...ORG_COLUMNS])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst()) as OrgRow | undefined;
    if (!row) throw notFound('No such organisation.');
    const updates: Record<string, unknown> = { enabled, updated_at: new Date(), etag: newEtag() };
    if (max !== undefined) {
      updates.max_redemptions = max;
      updates.subscription = json({ ...ownValues(row, 'subscription'), maxRedemptions: max });
    }
    await trx.updateTable('organisations').set(updates).where('id', '=', id).execute();
  });
  return organisationView(await loadOrgs(ctx.db), id, true);
}

export const handlers: Handlers = {
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
      lastPage:
        rows.length > pageSize && last
          ? Buffer.from(JSON.stringify({ n: last.name, i: last.id })).toString('base64url')
          : null,
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

  getOrganisationUnmerged: async (_req, ctx) => {
    const id = String(ctx.params.organisation);
    await requireAdminOf(ctx, id);
    return organisationView(await loadOrgs(ctx.db), id, false);
  },
  getOrganisationMerged: async (_req, ctx) => {
    const id = String(ctx.params.organisation);
    await requireAdminOf(ctx, id);
    return organisationView(await loadOrgs(ctx.db), id, true);
  },
  getOrganisationDetails: (_req, ctx) => sectionGet(ctx, 'details', false),
  getOrganisationAppSettings: (_req, ctx) => sectionGet(ctx, 'appSettings', false),
  getOrganisationSubscription: (_req, ctx) => sectionGet(ctx, 'subscription', true),
  getOrganisationSubscriptionUnmerged: (_req, ctx) => sectionGet(ctx, 'subscription', false),
  getOrganisationResearchSettings: (_req, ctx) => sectionGet(ctx, 'researchSettings', false),

  updateOrganisationDetails: async (_req, ctx) => {
    const { orgs, id } = await patchSection(ctx, 'details');
    const view = sectionView(orgs, id, 'details', false);
    return respond(200, view, { etag: String(view.etag) });
  },
  updateOrganisationAppSettings: async (_req, ctx) => {
    const { orgs, id } = await patchSection(ctx, 'appSettings');
    const view = sectionView(orgs, id, 'appSettings', false);
    return respond(200, view, { etag: String(view.etag) });
  },
  updateOrganisationSubscription: async (_req, ctx) => {
    const { orgs, id } = await patchSection(ctx, 'subscription');
    const view = sectionView(orgs, id, 'subscription', true);
    return respond(200, view, { etag: String(view.etag) });
  },
  updateOrganisationResearchSettings: async (_req, ctx) => {
    const { orgs, id } = await patchSection(ctx, 'researchSettings');
    const view = sectionView(orgs, id, 'researchSettings', false);
    return respond(200, view, { etag: String(view.etag) });
  },

  enableOrganisation: (_req, ctx) => setEnabled(ctx, true),
  disableOrganisation: (_req, ctx) => setEnabled(ctx, false),

  addPatientToOrganisation: async (_req, ctx) => {
    const user = callerOf(ctx);
    const id = String(ctx.params.organisation);
    const patientId = String(ctx.params.patient);
    const scope = await requireAdminOf(ctx, id);
    return ctx.db.transaction().execute(async (trx) => {
      const patient = await trx
        .selectFrom('patients')
        .select(['id', 'organisation_id', 'email', 'first_name', 'last_name'])
        .where('id', '=', patientId)
        .executeTakeFirst();
      // An administrator moves only patients of organisations they administer (404 for anyone else's).
      if (!patient || !scope.ids.has(patient.organisation_id)) throw notFound('No such patient.');
      const membership = await admitPatient(
        trx as unknown as Db,
        id,
        {
          userId: patient.id,
          email: patient.email,
          firstName: patient.first_name,
          lastName: patient.last_name,
        },
        user.uid,
        { move: true },
      );
      return {
        organisationId: membership.organisationId,
        patientId: membership.patientId,
        joinedAt: membership.joinedAt,
      };
    });
  },

  // The admin console's "add an existing patient" finds the patient by address: only patients of the
  // organisations the caller administers (the ones addPatientToOrganisation may move); anyone else's answer
  // is the same 404 as an unknown address, so the call cannot be used to learn who has an account.
  findPatientForOrganisation: async (_req, ctx) => {
    const id = String(ctx.params.organisation);
    const scope = await requireAdminOf(ctx, id);
    const email = String(ctx.query.email).trim().toLowerCase();
    const patient = await ctx.db
      .selectFrom('patients')
      .innerJoin('organisations', 'organisations.id', 'patients.organisation_id')
      .select([
        'patients.id',
        'patients.email',
        'patients.first_name',
        'patients.last_name',
        'patients.organisation_id',
        'organisations.name as organisation_name',
      ])
      .where((eb) => eb(eb.fn('lower', ['patients.email']), '=', email))
      .executeTakeFirst();
    if (!patient || !scope.ids.has(patient.organisation_id))
      throw notFound('No patient of your organisations has this e-mail address.');
    ctx.log.info(
      { organisationId: id, patientId: patient.id, by: callerOf(ctx).uid },
      'patient looked up by e-mail to add to an organisation',
    );
    return {
      patientId: patient.id,
      email: patient.email,
      firstName: patient.first_name,
      lastName: patient.last_name,
      organisationId: patient.organisation_id,
      organisationName: patient.organisation_name,
      memberHere: patient.organisation_id === id,
    };
  },

  listOrganisationRoles: async (_req, ctx) => {
    const id = String(ctx.params.organisation);
    await requireAdminOf(ctx, id);
    const pageSize = typeof ctx.query.pageSize === 'number' ? ctx.query.pageSize : 50;
    return organisationRoles(ctx.db, id, pageSize, str(ctx.query.lastPage) ?? null);
  },

  regenerateOrganisationAccessCode: async (_req, ctx) => {
    const id = String(ctx.params.organisation);
    await requireAdminOf(ctx, id);
    const accessCode = await ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('organisations')
        .select('id')
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw notFound('No such organisation.');
      return assignAccessCode(trx as unknown as Db, id);
    });
    ctx.log.info({ organisationId: id, by: callerOf(ctx).uid }, 'organisation access code replaced');
    return { accessCode };
  },

  getOrganisationImageUploadPolicy: async (_req, ctx) => {
    await requireAdmin(ctx);
    return issueImagePolicy(ctx, callerOf(ctx).uid);
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

/** isEmailWhitelisted is public: limited per address so it cannot be used to probe domains in bulk. */
export const WHITELIST_LIMIT: RateLimit = { max: 30, timeWindow: 15 * 60_000 };
export const rateLimits: Record<string, RateLimit> = { isEmailWhitelisted: envLimit(WHITELIST_LIMIT) };

export async function register(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await registerImages(app, deps);
}
