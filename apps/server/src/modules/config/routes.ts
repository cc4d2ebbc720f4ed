import type { FastifyInstance } from 'fastify';
import type { Handlers, RateLimit } from '../../http/types.ts';
import { respond } from '../../http/types.ts';
import { notFound } from '../../http/errors.ts';
import { json } from '../../db/index.ts';
import { envLimit, RATE_LIMITS } from '../../http/rate-limits.ts';
import { backendServiceConfig, clientConfig, regionFor, remoteConfig, remoteValue } from './service.ts';
import { registerCspReportParsers, summarise, violationsOf } from './csp-reports.ts';

export const handlers: Handlers = {
  getClientConfig: (_request, ctx) => clientConfig(ctx.config),
  getBackendServiceConfigPublic: (_request, ctx) => backendServiceConfig(ctx.config),
  getBackendServiceConfig: (_request, ctx) => ({
    ...backendServiceConfig(ctx.config),
    settings: { uid: ctx.user?.uid ?? null, scopes: ctx.user?.scopes ?? [] },
  }),
  /** `callbackName(<public config>);` — the name is checked against the contract's identifier pattern. */
  getBackendServiceConfigJsonp: (_request, ctx) => {
    const callback = String(ctx.params.callbackName);
    // JSON is valid JavaScript except for U+2028/U+2029 in older engines: escape them. The leading
    // comment defeats content-sniffing tricks on JSONP answers.
    const body = JSON.stringify(backendServiceConfig(ctx.config))
      .replace(/\u2028/g, '\\u2028')
      .replace(/\u2029/g, '\\u2029');
    return respond(200, `/**/ ${callback}(${body});`, {}, 'application/javascript; charset=utf-8');
  },
  getRemoteConfigValue: async (_request, ctx) => {
    const key = String(ctx.params.key);
    const value = await remoteValue(ctx.db, key);
    if (value === undefined) throw notFound(`There is no remote-config value '${key}'.`);
    return { key, value };
  },
  getRemoteConfig: async (_request, ctx) => {
    const scheme = String(ctx.params.scheme);
    const values = await remoteConfig(ctx.db, scheme);
    if (!values) throw notFound(`There is no remote configuration for the app scheme '${scheme}'.`);
    return { scheme, values };
  },
  /**
   * The caller's region from X-Country-Code; without it (no geo lookup here) the simulated country of a
   * development server (TEND_SIMULATE_COUNTRY), else GB.
   */
  getRegion: (_request, ctx) => {
    const header = ctx.headers['x-country-code'];
    return regionFor(typeof header === 'string' && header ? header : (ctx.config.simulatedCountry ?? 'GB'));
  },
  reportError: async (request, ctx) => {
    const report = ctx.body as {
      message: string;
      reporter: string;
      stack?: string;
      context?: unknown;
      logBuffer?: string[];
    };
    const agent = request.headers['user-agent'];
    await ctx.db
      .insertInto('error_reports')
      .values({
        uid: ctx.user?.uid ?? null,
        message: report.message,
        reporter: report.reporter,
        stack: report.stack ?? null,
        context: json(report.context ?? null),
        log_buffer: json(report.logBuffer ?? null),
        user_agent: typeof agent === 'string' ? agent.slice(0, 500) : null,
      })
      .execute();
    ctx.log.info({ reporter: report.reporter }, 'client error reported');
    return undefined;
  },
  reportCspViolation: (_request, ctx) => {
    for (const violation of violationsOf(ctx.body))
      ctx.log.warn({ csp: summarise(violation) }, 'Content-Security-Policy violation');
    return undefined;
  },
};

export const rateLimits: Record<string, RateLimit> = {
  reportError: envLimit(RATE_LIMITS.ERROR_REPORTING),
  reportCspViolation: envLimit(RATE_LIMITS.CSP_REPORTS),
};

/** The report media types of reportCspViolation (csp-reports.ts). */
export async function register(app: FastifyInstance): Promise<void> {
  registerCspReportParsers(app);
}

export const validationCodes: Record<string, string> = {
  getBackendServiceConfigJsonp: 'invalid_callback',
};
