// Caching rules every answer follows, whatever module made it.
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * onSend hook: every answer to a signed-in caller and every error answer gets `Cache-Control: no-store`
 * (health data must stay out of shared caches and the browser's back-forward cache), unless the handler
 * already said no-store in its own words (e.g. `private, no-store`). Public answers to anonymous callers
 * keep the rules their handlers set.
 */
export async function noStoreUnlessPublic(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (reply.statusCode >= 400 || request.user) {
    const current = reply.getHeader('cache-control');
    if (current === undefined || !/\bno-store\b/i.test(String(current))) reply.header('cache-control', 'no-store');
  }
  return payload;
}

/** Whether a peer address is the loopback interface (127.0.0.0/8 or ::1, also IPv4-mapped). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}
