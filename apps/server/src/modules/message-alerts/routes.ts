import { randomUUID } from 'node:crypto';
import { json } from '../../db/index.ts';
import { checkEtag, newEtag } from '../../http/etag.ts';
import type { Handler, HandlerContext, Handlers } from '../../http/types.ts';
import { respond } from '../../http/types.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { adminScope, requireAdmin, type AdminScope } from '../organisations/access.ts';
import {
  activeAt,
  audiencesOf,
  forVersion,
  manages,
  toAlert,
  userOrganisations,
  type AlertMessage,
} from './service.ts';

// v1 and v2 are two sets of calls over the same alerts (the spec: same shape).
//
// Who: an administrator manages the alerts of the organisations they administer (and those below them);
// alerts for every organisation (organisationId null), which are the only ones the public site shows, are
// a platform administrator's. An alert for an organisation reaches the people of it and of the
// organisations below it.

async function allAlerts(ctx: HandlerContext) {
  const rows = await ctx.db
    .selectFrom('message_alerts')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toAlert);
}

/** An alert the caller administers; others are invisible (404). */
async function managedAlert(ctx: HandlerContext, scope: AdminScope) {
  const row = await ctx.db
    .selectFrom('message_alerts')
    .selectAll()
    .where('id', '=', String(ctx.params.id))
    .executeTakeFirst();
  if (!row || !manages(scope, row.message as unknown as AlertMessage))
    throw notFound('There is no such message alert.');
  return toAlert(row);
}

function checkTarget(scope: AdminScope, message: AlertMessage) {
  if (message.startsAt && message.endsAt && Date.parse(message.endsAt) <= Date.parse(message.startsAt)) {
    throw badRequest('The alert must end after it starts.', { fields: { endsAt: 'is less than startsAt' } });
  }
  if (message.organisationId === undefined || message.organisationId === null) {
    if (!scope.platform) {
      throw forbidden(
        'Choose one of your organisations: only platform administrators send alerts to every organisation and the public site.',
      );
    }
    return;
  }
  if (message.audience === 'public') {
    throw badRequest(
      'The public site shows only alerts for every organisation: choose another audience, or no organisation.',
      {
        fields: { audience: 'public needs every organisation' },
      },
    );
  }
  if (!scope.ids.has(message.organisationId)) throw forbidden('You do not administer that organisation.');
}

const list: Handler = async (_request, ctx) => {
  const scope = await adminScope(ctx.db, ctx.user);
  const version = typeof ctx.query.version === 'string' ? ctx.query.version : undefined;
  const items = (await allAlerts(ctx)).filter(
    (a) => manages(scope, a.message) && forVersion(a.message, version),
  );
  return { items };
};

const create: Handler = async (_request, ctx) => {
  const scope = await requireAdmin(ctx);
  const message = ctx.body as AlertMessage;
  checkTarget(scope, message);
  const now = new Date();
  const row = {
    id: randomUUID(),
    api_version: ctx.operation.path.startsWith('/v2/') ? (2 as const) : (1 as const),
    message: json(message),
    etag: newEtag(),
    created_by: ctx.user!.uid,
    created_at: now,
    updated_at: now,
  };
  await ctx.db.insertInto('message_alerts').values(row).execute();
  const alert = toAlert({ ...row, message });
  return respond(201, alert, { etag: alert.etag });
};

const read: Handler = async (_request, ctx) => {
  const alert = await managedAlert(ctx, await adminScope(ctx.db, ctx.user));
  return respond(200, alert, { etag: alert.etag });
};

/** Replaces the message only when the ETag matches, in one statement (no lost update between check and write). */
const update: Handler = async (_request, ctx) => {
  const scope = await adminScope(ctx.db, ctx.user);
  const current = await managedAlert(ctx, scope);
  checkEtag(ctx.headers, current.etag, current);
  const message = ctx.body as AlertMessage;
  checkTarget(scope, message);
  const etag = newEtag();
  const updated = await ctx.db
    .updateTable('message_alerts')
    .set({ message: json(message), etag, updated_at: new Date() })
    .where('id', '=', current.id)
    .where('etag', '=', current.etag)
    .returningAll()
    .executeTakeFirst();
  if (!updated) {
    const now = await managedAlert(ctx, scope);
    checkEtag({ etag: current.etag }, now.etag, now);
  }
  const alert = toAlert(updated!);
  return respond(200, alert, { etag: alert.etag });
};

const remove: Handler = async (_request, ctx) => {
  const scope = await adminScope(ctx.db, ctx.user);
  const current = await managedAlert(ctx, scope);
  checkEtag(ctx.headers, current.etag, current);
  const deleted = await ctx.db
    .deleteFrom('message_alerts')
    .where('id', '=', current.id)
    .where('etag', '=', current.etag)
    .executeTakeFirst();
  if (deleted.numDeletedRows === 0n) {
    const now = await managedAlert(ctx, scope);
    checkEtag({ etag: current.etag }, now.etag, now);
  }
  return respond(204);
};

export const handlers: Handlers = {
  listMessageAlerts: list,
  createMessageAlert: create,
  getMessageAlert: read,
  updateMessageAlert: update,
  deleteMessageAlert: remove,
  listMessageAlertsV2: list,
  createMessageAlertV2: create,
  getMessageAlertV2: read,
  updateMessageAlertV2: update,
  deleteMessageAlertV2: remove,

  /** Alerts active now for the caller: audience matching their roles, for their organisations (or those above them) or all. */
  listMessageAlertsForUser: async (_request, ctx) => {
    const user = ctx.user!;
    const version = typeof ctx.query.version === 'string' ? ctx.query.version : undefined;
    const audiences = audiencesOf(user);
    const orgs = new Set(await userOrganisations(ctx.db, user));
    const now = Date.now();
    const items = (await allAlerts(ctx)).filter(
      (a) =>
        audiences.has(a.message.audience) &&
        (!a.message.organisationId || orgs.has(a.message.organisationId)) &&
        activeAt(a.message, now) &&
        forVersion(a.message, version),
    );
    return { items };
  },

  /** Public alerts active now (audience public or everyone, not limited to an organisation). */
  listMessageAlertsForPublic: async (_request, ctx) => {
    const version = typeof ctx.query.version === 'string' ? ctx.query.version : undefined;
    const now = Date.now();
    const items = (await allAlerts(ctx)).filter(
      (a) =>
        (a.message.audience === 'public' || a.message.audience === 'everyone') &&
        !a.message.organisationId &&
        activeAt(a.message, now) &&
        forVersion(a.message, version),
    );
    return { items };
  },
};
