// dashboards tag: the dashboard views an administrator may open, and embed data pointing at a page this
// server renders itself from real aggregates (./render.ts), for an iframe, and the same figures as data
// (./data.ts) that the admin app draws as charts with their tables.
//
//   GET {apiUrl}/dashboards/embed/{viewId}?token=…   the page (non-contract route, registered below)
//   GET {apiUrl}/dashboards/embed.css                its stylesheet
//
// The token is base64url(JSON {v: viewId, o: organisationId, u: uid, e: expiresAtMs}) "." HMAC-SHA256(
// TEND_SECRET, "tend-dashboard." + payload), valid 10 minutes: it carries what the administrator was
// allowed to see when getDashboardEmbedData checked it (the organisation and its descendants). The page
// sends a CSP without any inline script or style ('self' stylesheet only), may be framed only by the
// Tend apps' origins (frame-ancestors), is never cached, and sends no referrer.
import { hasGrantFields, readGrant, signGrant } from '../../auth/crypto.ts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { notFound } from '../../http/errors.ts';
import type { AppDeps, Handlers } from '../../http/types.ts';
import { callerOf, organisationTree, requireAdmin, withDescendants } from '../organisations/access.ts';
import { dashboardData } from './data.ts';
import { STYLESHEET, VIEWS, errorPage, renderView, type ViewId } from './render.ts';

export const EMBED_TTL_MS = 10 * 60_000;

interface EmbedGrant {
  v: string;
  o: string;
  u: string;
  e: number;
}

const EMBED_PURPOSE = 'tend-dashboard';
const isEmbedGrant = (value: unknown): value is EmbedGrant => hasGrantFields(value, ['v', 'o', 'u']);

export function issueEmbedToken(secret: string, grant: EmbedGrant): string {
  return signGrant(secret, EMBED_PURPOSE, grant);
}

export function readEmbedToken(secret: string, token: string): EmbedGrant | null {
  return readGrant(secret, EMBED_PURPOSE, token, isEmbedGrant);
}

const isView = (viewId: string): viewId is ViewId => VIEWS.some((v) => v.viewId === viewId);

export const handlers: Handlers = {
  listDashboardViews: async (_req, ctx) => {
    await requireAdmin(ctx);
    return { items: VIEWS.map((v) => ({ ...v })) };
  },

  getDashboardEmbedData: async (_req, ctx) => {
    const scope = await requireAdmin(ctx);
    const viewId = String(ctx.params.viewId);
    if (!isView(viewId)) throw notFound('No such dashboard view.');
    const named = typeof ctx.query.organisationId === 'string' ? ctx.query.organisationId : undefined;
    const organisationId = named ?? scope.roots[0];
    if (!organisationId || !scope.ids.has(organisationId)) throw notFound('No such organisation.');
    const organisation = await ctx.db
      .selectFrom('organisations')
      .select(['id', 'name'])
      .where('id', '=', organisationId)
      .executeTakeFirst();
    if (!organisation) throw notFound('No such organisation.');
    const data = await dashboardData(ctx.db, viewId, organisation, [
      ...withDescendants(await organisationTree(ctx.db), [organisationId]),
    ]);
    const expiresAt = Date.now() + EMBED_TTL_MS;
    const token = issueEmbedToken(ctx.config.secret, {
      v: viewId,
      o: organisationId,
      u: callerOf(ctx).uid,
      e: expiresAt,
    });
    return {
      viewId,
      embedUrl: `${ctx.config.apiUrl}/dashboards/embed/${viewId}?token=${token}`,
      expiresAt: new Date(expiresAt).toISOString(),
      data,
    };
  },
};

function pageHeaders(reply: FastifyReply, deps: AppDeps): FastifyReply {
  reply.removeHeader('x-frame-options');
  return reply
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'self'; img-src 'self'; frame-ancestors 'self' ${deps.config.appOrigins.join(' ')}; base-uri 'none'; form-action 'none'`,
    )
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .type('text/html; charset=utf-8');
}

export async function register(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get('/dashboards/embed.css', async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/css; charset=utf-8').send(STYLESHEET),
  );
  app.get('/dashboards/embed/:viewId', async (request, reply) => {
    const { viewId } = request.params as { viewId: string };
    const token = (request.query as { token?: unknown }).token;
    const grant = typeof token === 'string' ? readEmbedToken(deps.config.secret, token) : null;
    if (!grant || grant.v !== viewId || !isView(viewId))
      return pageHeaders(reply.code(403), deps).send(
        errorPage('This dashboard link is not valid. Open the dashboard again from the admin area.'),
      );
    if (Date.now() > grant.e)
      return pageHeaders(reply.code(403), deps).send(
        errorPage('This dashboard link has expired. Open the dashboard again from the admin area.'),
      );
    const tree = await organisationTree(deps.db);
    const organisation = await deps.db
      .selectFrom('organisations')
      .select(['id', 'name'])
      .where('id', '=', grant.o)
      .executeTakeFirst();
    if (!organisation)
      return pageHeaders(reply.code(404), deps).send(errorPage('This organisation no longer exists.'));
    const html = await renderView(deps.db, viewId, organisation, [...withDescendants(tree, [grant.o])]);
    return pageHeaders(reply.code(200), deps).send(html);
  });
}
