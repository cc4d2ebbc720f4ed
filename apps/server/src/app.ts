import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import type { Mailer } from './mail/mailer.ts';
import { loadContract, type OpenApiDocument, type Operation } from './http/contract.ts';
import { HttpError } from './http/errors.ts';
import { installDrain } from './http/drain.ts';
import { loopbackOnly, noStoreUnlessPublic } from './http/caching.ts';
import { databaseRateLimitStore } from './http/rate-limit-store.ts';
import { createChatListener, type ChatListener } from './realtime/bus.ts';
import { loggerOptions } from './http/logging.ts';
import { registerContractRoutes } from './http/router.ts';
import type { AppDeps, Handlers, IdentityHooks, RateLimit, ResolveUser } from './http/types.ts';
import { loadIdentityHooks, loadModules } from './modules/registry.ts';
import { StatusService } from './status.ts';

export interface BuildAppOptions {
  config: Config;
  db: Db;
  mailer: Mailer;
  /** Defaults to a StatusService over db and config. */
  status?: StatusService;
  /** Defaults to packages/api/openapi.yaml. */
  contract?: OpenApiDocument;
  /** Defaults to every src/modules/<tag>/routes.ts. */
  handlers?: Handlers;
  rateLimits?: Record<string, RateLimit>;
  validationCodes?: Record<string, string>;
  /** Defaults to the identity part's hooks (src/auth/index.ts); tests may pass their own resolveUser. */
  identity?: IdentityHooks;
  resolveUser?: ResolveUser;
  /** Where logs go (default stdout); tests read them to prove what is never logged. */
  logStream?: { write(line: string): void };
  /** Rate limits on (default) or off (the validation sweep of the tests sends many requests). */
  rateLimitEnabled?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    tend: AppDeps & { operations: Operation[]; handlers: Handlers; owners: Record<string, string> };
  }
}

/** Maps any error to the contract's Error body; never a 500 for bad input. */
function toHttpError(error: FastifyError | HttpError | Error): HttpError {
  if (error instanceof HttpError) return error;
  const e = error as FastifyError & { validation?: unknown[]; validationContext?: string };
  if (e.validation)
    return new HttpError(400, 'invalid_request', e.message, { in: e.validationContext, fields: {} });
  switch (e.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new HttpError(400, 'invalid_request', 'The body is not valid JSON.', {
        fields: { body: 'is not valid JSON' },
        field: 'body',
        in: 'body',
      });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new HttpError(413, 'payload_too_large', 'The request body is too large.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new HttpError(415, 'unsupported_media_type', 'This content type is not accepted here.', {
        field: 'content-type',
        in: 'header',
      });
    case 'FST_ERR_BAD_URL':
    case 'FST_ERR_ASYNC_CONSTRAINT':
      return new HttpError(400, 'invalid_request', 'The URL is malformed.', { fields: {} });
    default:
      break;
  }
  if (e.name === 'SyntaxError' && typeof e.statusCode === 'number' && e.statusCode < 500) {
    return new HttpError(400, 'invalid_request', 'The body is not valid JSON.', {
      fields: { body: 'is not valid JSON' },
      field: 'body',
      in: 'body',
    });
  }
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    const code =
      e.statusCode === 429
        ? 'rate_limited'
        : e.statusCode === 404
          ? 'not_found'
          : e.statusCode === 401
            ? 'unauthenticated'
            : 'invalid_request';
    const message = e.statusCode === 429 ? 'Too many requests: please wait and try again.' : e.message;
    return new HttpError(e.statusCode, code, message);
  }
  return new HttpError(500, 'internal', 'Something went wrong on our side. Please try again later.');
}

/** Builds the server: plugins, security headers, CORS, error mapping and the contract's routes. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db, mailer } = options;
  const status = options.status ?? new StatusService(db, config);
  const deps: AppDeps = { config, db, mailer, status };
  const identity = options.identity ?? (await loadIdentityHooks());
  const modules = options.handlers ? undefined : await loadModules();
  const handlers = options.handlers ?? modules?.handlers ?? {};
  const rateLimits = options.rateLimits ?? modules?.rateLimits ?? {};
  const validationCodes = options.validationCodes ?? modules?.validationCodes ?? {};
  const rateLimitEnabled = options.rateLimitEnabled ?? true;

  const app = Fastify({
    logger: {
      ...loggerOptions(config.logLevel),
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    bodyLimit: config.bodyLimit,
    // A number of hops trusts that many proxies in front (proxy-addr's rule, written out for the types).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2000 },
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // Errors raised before routing (a malformed URL, a bad Content-Type) answer the Error body too.
    frameworkErrors: (error, _request, reply) => {
      const http = toHttpError(error);
      const plain = reply as unknown as FastifyReply;
      void plain.code(http.status).type('application/json; charset=utf-8').send(http.toBody());
    },
  });

  // Draining on SIGTERM (src/http/drain.ts) and Cache-Control: no-store on every signed-in or error answer.
  installDrain(app);
  app.addHook('onSend', noStoreUnlessPublic);

  // The event bus (chat streams, session-validity cache): LISTEN/NOTIFY on PostgreSQL, in-process on PGlite.
  let bus: ChatListener | undefined;
  try {
    bus = createChatListener(db, config.databaseUrl ?? process.env.DATABASE_URL, (error) =>
      app.log.warn({ err: error.message }, 'event bus connection problem'),
    );
    deps.bus = bus;
    app.addHook('onClose', async () => bus?.close());
  } catch (error) {
    app.log.warn(
      { err: error instanceof Error ? error.message : String(error) },
      'event bus disabled: chat streams off, session checks read the database',
    );
  }

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const http = toHttpError(error);
    if (http.status >= 500)
      request.log.error(
        { err: { message: error.message, stack: error.stack, code: error.code } },
        'request failed',
      );
    for (const [k, v] of Object.entries(http.headers ?? {})) reply.header(k, v);
    return reply.code(http.status).type('application/json; charset=utf-8').send(http.toBody());
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .type('application/json; charset=utf-8')
      .send({
        code: 'not_found',
        message: `There is no ${request.method} ${request.url.split('?')[0]} here.`,
      }),
  );

  // Security headers. Outside production the server runs on plain http://localhost: no HSTS and no
  // upgrade-insecure-requests (they would break the development pages this server renders). Resources
  // may be embedded by the apps of the same site (other localhost ports).
  await app.register(helmet, {
    global: true,
    crossOriginResourcePolicy: { policy: 'same-site' },
    ...(config.isProduction
      ? {}
      : {
          strictTransportSecurity: false,
          contentSecurityPolicy: { useDefaults: true, directives: { upgradeInsecureRequests: null } },
        }),
  });
  await app.register(cors, {
    origin: config.appOrigins,
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    exposedHeaders: ['etag', 'retry-after', 'content-disposition'],
    maxAge: 600,
  });
  // Counted in the database (src/http/rate-limit-store.ts): shared by every instance, kept over restarts.
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(db),
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, 'rate_limited', 'Too many requests: please wait and try again.', {
        retryAfter: Math.ceil(context.ttl / 1000),
      }),
  });

  app.decorateRequest('user', null);
  if (identity.register) await identity.register(app, deps);
  for (const register of modules?.registers ?? []) await register(app, deps);

  const operations = registerContractRoutes(app, {
    doc: options.contract ?? loadContract(),
    handlers,
    rateLimits,
    validationCodes,
    deps,
    resolveUser: options.resolveUser ?? identity.resolveUser,
    rateLimitEnabled,
  });

  // Development routes answer only on the loopback address (loopbackOnly); never in production.
  if (!config.isProduction && mailer.catcher) {
    const catcher = mailer.catcher;
    app.get('/dev/mailbox', { onRequest: loopbackOnly }, async (request, reply) => {
      const to = (request.query as { to?: unknown }).to;
      reply.header('cache-control', 'no-store');
      return catcher
        .list(typeof to === 'string' ? to : undefined)
        .map(({ to: recipients, subject, text, html, date, from, attachments }) => ({
          to: recipients,
          from,
          subject,
          text,
          html,
          attachments,
          date,
        }));
    });
    app.delete('/dev/mailbox', { onRequest: loopbackOnly }, async (_request, reply) => {
      catcher.clear();
      return reply.code(204).send();
    });
  }

  if (!config.isProduction) {
    // Development only: set or clear the maintenance window of a running server (end-to-end tests of the
    // apps' going-offline and offline states). The contract has no admin operation for it yet.
    app.put('/dev/server-status', { onRequest: loopbackOnly }, async (request, reply) => {
      const body = request.body as { at?: unknown; reason?: unknown } | undefined;
      const at = body?.at;
      const reason = body?.reason ?? null;
      if (
        typeof at !== 'number' ||
        !Number.isSafeInteger(at) ||
        at < 0 ||
        (reason !== null && typeof reason !== 'string')
      ) {
        throw new HttpError(400, 'invalid_request', 'Send {at: epoch milliseconds, reason: text or null}.', {
          fields: { at: 'must be epoch milliseconds' },
        });
      }
      await status.setWindow({ at, reason: reason as string | null });
      return reply.send(await status.status());
    });
    app.delete('/dev/server-status', { onRequest: loopbackOnly }, async (_request, reply) => {
      await status.clearWindow();
      return reply.send(await status.status());
    });
  }

  app.decorate('tend', { ...deps, operations, handlers, owners: modules?.owners ?? {} });
  return app;
}
