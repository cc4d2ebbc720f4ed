// Caching rules every answer follows, whatever module made it.
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * onSend hook: every answer to a caller with credentials (signed in, or sending a token at all) and every error
 * answer gets `Cache-Control: no-store`
 * (health data must stay out of shared caches and the browser's back-forward cache), unless the handler
 * already said no-store in its own words (e.g. `private, no-store`). Public answers to anonymous callers
 * keep the rules their handlers set.
 */
export async function noStoreUnlessPublic(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  const credentials = Boolean(request.user || request.headers.authorization || request.headers.idtoken);
  if (reply.statusCode >= 400 || credentials) {
    const current = reply.getHeader('cache-control');
    if (current === undefined || !/\bno-store\b/i.test(String(current))) {
      // An event stream says no-transform so proxies don't buffer it; keep that.
      reply.header(
        'cache-control',
        /\bno-transform\b/i.test(String(current ?? '')) ? 'no-store, no-transform' : 'no-store',
      );
    }
  }
  return payload;
}

/** Whether a peer address is the loopback interface (127.0.0.0/8 or ::1, also IPv4-mapped). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * onRequest hook of the development routes: they answer only on the loopback address (as if absent elsewhere;
 * the mailbox holds every sign-in code and link the server sent). Both the peer and, behind a trusted proxy,
 * the forwarded client must be the loopback address.
 */
export async function loopbackOnly(request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  if (isLoopback(request.socket.remoteAddress) && isLoopback(request.ip)) return;
  return reply
    .code(404)
    .type('application/json; charset=utf-8')
    .send({ code: 'not_found', message: `There is no ${request.method} ${request.url.split('?')[0]} here.` });
}
