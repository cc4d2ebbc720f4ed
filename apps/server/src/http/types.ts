import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import type { DemoData } from '../db/seed-data.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Operation } from './contract.ts';
import type { StatusService } from '../status.ts';
import type { ChatListener } from '../realtime/bus.ts';

/** The signed-in user, as resolved by the identity part's resolveUser hook. */
export interface AuthUser {
  uid: string;
  email: string | null;
  /** Scopes granted to this session (custom-token claims): compared with the operation's x-tend-scopes. */
  scopes: string[];
  /** patient, therapist, admin, data-export … */
  roles: string[];
  /** Anything else the identity part wants handlers to see (organisation ids, MFA state …). */
  claims?: object;
}

/**
 * Resolves the caller of a request (Authorization bearer ID token, session cookie …). Answers null for an
 * anonymous request; throws an HttpError (401) for a present but invalid credential.
 */
export type ResolveUser = (request: FastifyRequest, deps: AppDeps) => Promise<AuthUser | null>;

/** What buildApp is built from and what every handler can reach. */
export interface AppDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  status: StatusService;
  /**
   * The app's event bus (src/realtime/bus.ts): chat events and session-validity changes of every process.
   * Absent only on PostgreSQL without a connection string to LISTEN with.
   */
  bus?: ChatListener;
}

export interface HandlerContext extends AppDeps {
  /** null for an anonymous caller (only possible on `public` operations). */
  user: AuthUser | null;
  operation: Operation;
  /** Validated (and for path/query/header, type-coerced) request parts. */
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  body: unknown;
  reply: FastifyReply;
  log: FastifyBaseLogger;
}

/**
 * A handler returns what to send: a plain value (sent with the operation's success status: JSON, or text
 * when the contract's success content is text/plain), a `respond(...)` result for another status, headers
 * or content type, or nothing after sending by itself through ctx.reply.
 */
export type Handler = (request: FastifyRequest, ctx: HandlerContext) => unknown;

/** Keyed by the contract's operationId. */
export type Handlers = Record<string, Handler>;

export interface RateLimit {
  max: number;
  /** milliseconds */
  timeWindow: number;
}

/** Optional exports of a src/modules/<tag>/routes.ts besides `handlers`. */
export interface ModuleExports {
  handlers?: Handlers;
  /** Rate limits by operationId (per client IP and operation). */
  rateLimits?: Record<string, RateLimit>;
  /** The Error code of a request-validation failure, by operationId, where the contract names its own. */
  validationCodes?: Record<string, string>;
  /** Extra Fastify setup run before the contract routes (non-contract routes such as a live stream). */
  register?: (app: FastifyInstance, deps: AppDeps) => Promise<void>;
}

/** The identity part's hooks, exported from src/auth/index.ts (see MODULES.md). */
export interface IdentityHooks {
  resolveUser?: ResolveUser;
  /** Extra Fastify setup (plugins, non-contract routes such as a development OpenID provider). */
  register?: (app: FastifyInstance, deps: AppDeps) => Promise<void>;
  /** Seeds users, roles and MFA secrets after the core seed (see src/db/seed.ts). */
  seed?: SeedHook;
}

export interface SeedContext {
  db: Db;
  config: Config;
  /** The ids and e-mails the core seed created (organisations, client, therapists, patients, admin). */
  demo: DemoData;
}

/** A seeding step run after the core seed (the identity part seeds users, roles and MFA secrets). */
export type SeedHook = (ctx: SeedContext) => Promise<void>;

export class Respond {
  constructor(
    public readonly status: number,
    public readonly body: unknown,
    public readonly headers: Record<string, string> = {},
    public readonly contentType?: string,
  ) {}
}

/** A non-default answer: `return respond(201, body, { etag })`. */
export function respond(
  status: number,
  body?: unknown,
  headers: Record<string, string> = {},
  contentType?: string,
): Respond {
  return new Respond(status, body, headers, contentType);
}
