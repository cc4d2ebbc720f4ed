// A fetch for openid-client that answers from this Fastify app in-process (app.inject): the server
// talks to its own development provider without a network round trip, in development and in tests alike.
import type { FastifyInstance } from 'fastify';
import type { CustomFetch } from 'openid-client';

export function inProcessFetch(app: FastifyInstance): CustomFetch {
  return async (url, options) => {
    const target = new URL(url);
    const headers: Record<string, string> = { ...options.headers, host: target.host };
    const body = options.body;
    const payload =
      body === undefined || body === null
        ? undefined
        : typeof body === 'string'
          ? body
          : body instanceof URLSearchParams
            ? body.toString()
            : Buffer.from(await new Response(body).arrayBuffer());
    const response = await app.inject({
      method: options.method as 'GET' | 'POST',
      url: `${target.pathname}${target.search}`,
      headers,
      ...(payload !== undefined ? { payload } : {}),
    });
    const out = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) out.append(name, String(v));
    }
    const status = response.statusCode;
    return new Response(status === 204 || status === 304 ? null : response.rawPayload, {
      status,
      headers: out,
    });
  };
}
