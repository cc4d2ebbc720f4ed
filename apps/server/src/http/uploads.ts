// The upload routes outside the contract (PUT …/:token with the file as the body: an organisation's image, a
// patient's file): their own body parser and limit, and the checks every upload makes before its own.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';

/** What an upload's handler gets: the token's grant, the body's media type (lower case, no parameters), the bytes. */
export interface Upload<G> {
  grant: G;
  type: string;
  bytes: Buffer;
}

/**
 * Registers PUT `path` (ending in `/:token`) in a scope of its own that takes any body as bytes, at most `maxBytes`
 * (encapsulated from the contract routes). Before `handle`: the token read by `readToken` (else 403
 * invalid_upload_token) and not expired (403 upload_expired); the media type accepted (`refuseType` gives the
 * message of a 415 when it is not); a body that is not empty (400). `handle` answers the body of a 201 (JSON).
 */
export async function registerUpload<G extends { e: number }>(
  app: FastifyInstance,
  options: {
    path: string;
    maxBytes: number;
    readToken(token: string): G | null;
    refuseType(type: string, grant: G): string | null;
    handle(upload: Upload<G>): Promise<unknown>;
  },
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: options.maxBytes }, (_req, body, done) =>
      done(null, body),
    );
    scope.put(options.path, { bodyLimit: options.maxBytes }, async (request: FastifyRequest, reply) => {
      const { token } = request.params as { token: string };
      const grant = options.readToken(token);
      if (!grant) throw new HttpError(403, 'invalid_upload_token', 'This upload link is not valid.');
      if (Date.now() > grant.e)
        throw new HttpError(403, 'upload_expired', 'This upload link has expired: ask for a new one.');
      const type = String(request.headers['content-type'] ?? '')
        .split(';')[0]!
        .trim()
        .toLowerCase();
      const refusal = options.refuseType(type, grant);
      if (refusal !== null)
        throw new HttpError(415, 'unsupported_media_type', refusal, { field: 'content-type', in: 'header' });
      const bytes = request.body;
      if (!Buffer.isBuffer(bytes) || bytes.length === 0)
        throw new HttpError(400, 'invalid_request', 'The file is empty.', { fields: { body: 'is empty' } });
      const answer = await options.handle({ grant, type, bytes });
      return reply.code(201).type('application/json; charset=utf-8').send(JSON.stringify(answer));
    });
  });
}
