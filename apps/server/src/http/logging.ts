import type { FastifyServerOptions } from 'fastify';

/**
 * Query parameters and path parts that carry secrets or what a person wrote: masked in every logged URL
 * (`reason`: why an administrator looks at a patient's chats, which may describe the concern; the patient's
 * address in that look-up's path).
 */
const SECRET_QUERY =
  /([?&](?:token|tokenID|idToken|refreshToken|code|state|id_token|access_token|mfaChallengeResponse|reason)=)[^&]*/gi;
const SECRET_PATH =
  /(\/email\/update\/jwt\/|\/push-notifications\/(?:register|unregister)\/|\/admin\/chat\/)[^/?]+/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PATH, '$1[redacted]').replace(SECRET_QUERY, '$1[redacted]');
}

/**
 * Structured logs (pino) that never hold tokens, passwords or health data: requests are logged as method,
 * masked URL and IP only (never headers or bodies), and any object that reaches a log line has its
 * secret fields censored.
 */
export function loggerOptions(level: string): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers.idtoken',
        'req.headers.refreshtoken',
        'req.headers.mfachallengeresponse',
        'res.headers["set-cookie"]',
        'headers.authorization',
        'headers.cookie',
        '*.authorization',
        '*.cookie',
        '*.idToken',
        '*.refreshToken',
        '*.mfaChallengeResponse',
        // Node lower-cases header names.
        '*.idtoken',
        '*.refreshtoken',
        '*.mfachallengeresponse',
        '*["set-cookie"]',
        '*.password',
        '*.newPassword',
        '*.secret',
        '*.token',
        'body',
        '*.body',
        '*.moment',
        '*.events',
        '*.responseData',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request: { method: string; url: string; ip?: string; id?: string }) {
        return { method: request.method, url: redactUrl(request.url), ip: request.ip, id: request.id };
      },
      res(reply: { statusCode: number }) {
        return { statusCode: reply.statusCode };
      },
    },
  };
}
