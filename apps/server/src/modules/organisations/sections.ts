// An organisation's four sections (tag `organisations`): unmerged and merged views, each section's GET and
// PATCH with ETags (the merge rule in ./service.ts), enable/disable, and the logo upload policy.
import { json, type Db } from '../../db/index.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { checkEtag, newEtag } from '../../http/etag.ts';
import type { HandlerContext, Handlers } from '../../http/types.ts';
import { respond } from '../../http/types.ts';
import { callerOf, requireAdmin, requireAdminOf } from './access.ts';
import { issueImagePolicy } from './images.ts';
import {
  SECTION_COLUMN,
  applyPatch,
  loadOrgs,
  lockOrganisation,
  organisationView,
  ownValues,
  sectionView,
  type OrgContext,
  type OrgRow,
  type SectionName,
} from './service.ts';

/** The organisation's row, locked until the transaction ends (404 when there is none). */
async function lockedOrganisation(trx: Db, id: string): Promise<OrgRow> {
  const row = await lockOrganisation(trx, id);
  if (!row) throw notFound('No such organisation.');
  return row;
}

/** Reads, checks the ETag and writes one section inside a transaction (the row locked); answers the new context. */
async function patchSection(
  ctx: HandlerContext,
  section: SectionName,
): Promise<{ orgs: OrgContext; id: string }> {
  const id = String(ctx.params.organisation);
  await requireAdminOf(ctx, id);
  const patch = ctx.body as Record<string, unknown>;
  await ctx.db.transaction().execute(async (trx) => {
    const row = await lockedOrganisation(trx as unknown as Db, id);
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

/** A section of the organisation, its ETag in the header too (what a read and a PATCH answer). */
function sectionAnswer(
  orgs: Awaited<ReturnType<typeof loadOrgs>>,
  id: string,
  section: SectionName,
  merged: boolean,
) {
  const view = sectionView(orgs, id, section, merged);
  return respond(200, view, { etag: String(view.etag) });
}

async function sectionGet(ctx: HandlerContext, section: SectionName, merged: boolean) {
  const id = String(ctx.params.organisation);
  await requireAdminOf(ctx, id);
  return sectionAnswer(await loadOrgs(ctx.db), id, section, merged);
}

async function setEnabled(ctx: HandlerContext, enabled: boolean) {
  const id = String(ctx.params.organisation);
  await requireAdminOf(ctx, id);
  const max = typeof ctx.query.maxRedemptions === 'number' ? ctx.query.maxRedemptions : undefined;
  await ctx.db.transaction().execute(async (trx) => {
    const row = await lockedOrganisation(trx as unknown as Db, id);
    const updates: Record<string, unknown> = { enabled, updated_at: new Date(), etag: newEtag() };
    if (max !== undefined) {
      updates.max_redemptions = max;
      updates.subscription = json({ ...ownValues(row, 'subscription'), maxRedemptions: max });
    }
    await trx.updateTable('organisations').set(updates).where('id', '=', id).execute();
  });
  return organisationView(await loadOrgs(ctx.db), id, true);
}

/** Applies a section's PATCH and answers the section as it now stands, its ETag in the header too. */
async function sectionUpdate(ctx: HandlerContext, section: SectionName, merged: boolean) {
  const { orgs, id } = await patchSection(ctx, section);
  return sectionAnswer(orgs, id, section, merged);
}

/** The whole organisation as its administrator sees it, own values only or merged down the chain. */
async function organisationGet(ctx: HandlerContext, merged: boolean) {
  const id = String(ctx.params.organisation);
  await requireAdminOf(ctx, id);
  return organisationView(await loadOrgs(ctx.db), id, merged);
}

export const sectionHandlers: Handlers = {
  getOrganisationUnmerged: (_req, ctx) => organisationGet(ctx, false),
  getOrganisationMerged: (_req, ctx) => organisationGet(ctx, true),
  getOrganisationDetails: (_req, ctx) => sectionGet(ctx, 'details', false),
  getOrganisationAppSettings: (_req, ctx) => sectionGet(ctx, 'appSettings', false),
  getOrganisationSubscription: (_req, ctx) => sectionGet(ctx, 'subscription', true),
  getOrganisationSubscriptionUnmerged: (_req, ctx) => sectionGet(ctx, 'subscription', false),
  getOrganisationResearchSettings: (_req, ctx) => sectionGet(ctx, 'researchSettings', false),

  updateOrganisationDetails: (_req, ctx) => sectionUpdate(ctx, 'details', false),
  updateOrganisationAppSettings: (_req, ctx) => sectionUpdate(ctx, 'appSettings', false),
  updateOrganisationSubscription: (_req, ctx) => sectionUpdate(ctx, 'subscription', true),
  updateOrganisationResearchSettings: (_req, ctx) => sectionUpdate(ctx, 'researchSettings', false),

  enableOrganisation: (_req, ctx) => setEnabled(ctx, true),
  disableOrganisation: (_req, ctx) => setEnabled(ctx, false),

  getOrganisationImageUploadPolicy: async (_req, ctx) => {
    await requireAdmin(ctx);
    return issueImagePolicy(ctx, callerOf(ctx).uid);
  },
};
