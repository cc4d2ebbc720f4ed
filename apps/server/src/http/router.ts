import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { OpenApiDocument, Operation } from './contract.ts';
import { listOperations } from './contract.ts';
import { HttpError, unauthenticated } from './errors.ts';
import type { AppDeps, AuthUser, HandlerContext, Handlers, RateLimit, ResolveUser } from './types.ts';
import { Respond } from './types.ts';
import { contractValidator } from './validation.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth pre-handler of contract routes. */
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    operationId?: string;
  }
}

export interface ContractRoutesOptions {
  doc: OpenApiDocument;
  handlers: Handlers;
  rateLimits: Record<string, RateLimit>;
  validationCodes?: Record<string, string>;
  deps: AppDeps;
  resolveUser: ResolveUser | undefined;
  rateLimitEnabled: boolean;
}

/** Scope of operations open to anonymous callers. */
export const PUBLIC_SCOPE = 'public';

/**
 * The auth rule of an operation: `public` lets anyone in (the user is still resolved when credentials are
 * sent); any other list needs a signed-in user holding at least one of the scopes (no list: any signed-in user).
 */
export async function authorise(
  op: Operation,
  request: FastifyRequest,
  deps: AppDeps,
  resolveUser: ResolveUser | undefined,
): Promise<AuthUser | null> {
  const isPublic = op.scopes.includes(PUBLIC_SCOPE);
  let user: AuthUser | null = null;
  if (resolveUser) {
    try {
      user = await resolveUser(request, deps);
    } catch (error) {
      // A bad credential on a public call is ignored (treated as anonymous); elsewhere it is the answer.
      if (!isPublic) throw error;
      user = null;
    }
  }
  if (isPublic) return user;
  if (!user) throw unauthenticated();
  if (op.scopes.length > 0 && !op.scopes.some((s) => user.scopes.includes(s))) {
    throw new HttpError(403, 'scope_not_granted', `This needs one of the scopes: ${op.scopes.join(', ')}.`, {
      scopes: op.scopes,
    });
  }
  return user;
}

/** Sends a handler's result the way the contract describes the operation's success answer. */
export function sendResult(op: Operation, reply: FastifyReply, result: unknown): FastifyReply | undefined {
  if (reply.sent) return undefined;
  let status = op.successStatus;
  let body = result;
  let contentType = op.successContentType;
  if (result instanceof Respond) {
    status = result.status;
    body = result.body;
    contentType = result.contentType ?? (status === op.successStatus ? op.successContentType : undefined);
    for (const [k, v] of Object.entries(result.headers)) reply.header(k, v);
  }
  reply.code(status);
  if (status === 204 || body === undefined) return reply.send();
  if (contentType && !contentType.includes('json')) {
    const text =
      typeof body === 'string'
        ? body
        : typeof body === 'number' || typeof body === 'boolean'
          ? String(body)
          : JSON.stringify(body);
    return reply
      .type(contentType.includes('charset') ? contentType : `${contentType}; charset=utf-8`)
      .send(text);
  }
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(body));
}

/** One route per path and method of the contract; returns the operations routed. */
export function registerContractRoutes(app: FastifyInstance, options: ContractRoutesOptions): Operation[] {
  const { doc, handlers, deps, resolveUser } = options;
  const operations = listOperations(doc);
  const validator = contractValidator(doc);
  for (const op of operations) {
    const validate = validator.forOperation(op);
    const handler = handlers[op.operationId];
    const limit = options.rateLimits[op.operationId];
    app.route({
      method: op.method.toUpperCase() as HTTPMethods,
      url: op.url,
      config: {
        operationId: op.operationId,
        ...(limit && options.rateLimitEnabled
          ? { rateLimit: { max: limit.max, timeWindow: limit.timeWindow } }
          : {}),
      },
      preValidation: async (request) => {
        request.user = await authorise(op, request, deps, resolveUser);
      },
      handler: async (request, reply) => {
        if (!handler) {
          throw new HttpError(
            501,
            'not_implemented',
            `${op.operationId} (${op.method.toUpperCase()} ${op.path}) is not implemented yet.`,
          );
        }
        const params = { ...(request.params as Record<string, unknown>) };
        const query = { ...(request.query as Record<string, unknown>) };
        const headers: Record<string, unknown> = { ...request.headers };
        try {
          validate.params(params);
          validate.query(query);
          validate.headers(headers);
          validate.body(request.body, request.headers['content-type']);
        } catch (error) {
          const code = options.validationCodes?.[op.operationId];
          if (code && error instanceof HttpError && error.code === 'invalid_request') {
            throw new HttpError(error.status, code, error.message, error.details, error.headers);
          }
          throw error;
        }
        const ctx: HandlerContext = {
          ...deps,
          user: request.user,
          operation: op,
          params,
          query,
          headers,
          body: request.body,
          reply,
          log: request.log,
        };
        const result = await handler(request, ctx);
        return sendResult(op, reply, result);
      },
    });
  }
  return operations;
}
