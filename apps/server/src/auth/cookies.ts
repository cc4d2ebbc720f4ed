// The server's cookies, all httpOnly, SameSite=Strict, Secure outside development, path /:
//   - `__session`: the session cookie (GET /iams/auth/sessionCookie);
//   - `__tend_device`: a random id the browser keeps once it passed a second factor, so that the attempt
//     limits recognise the owner's usual device (src/auth/mfa/limiter.ts). Stored server-side as a keyed
//     hash per user; it grants nothing by itself.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

export const SESSION_COOKIE = '__session';
export const DEVICE_COOKIE = '__tend_device';
/** How long a browser stays a known device without passing a second factor again. */
export const DEVICE_COOKIE_MAX_AGE_S = 180 * 24 * 3600;

/** A cookie of the request (parsed by @fastify/cookie when registered, else from the header). */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const cookies = (request as FastifyRequest & { cookies?: Record<string, string | undefined> }).cookies;
  if (cookies) return cookies[name] || undefined;
  const raw = request.headers.cookie;
  if (!raw) return undefined;
  for (const part of raw.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join('=')) || undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

function serialise(config: Config, value: string, maxAgeSeconds: number, name = SESSION_COOKIE): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    'Path=/',
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Strict',
  ];
  // Secure everywhere but development (where the apps and the server run on plain http://localhost).
  if (config.env !== 'development') parts.push('Secure');
  if (maxAgeSeconds === 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  return parts.join('; ');
}

function append(reply: FastifyReply, cookie: string): void {
  const existing = reply.getHeader('set-cookie');
  const list =
    existing === undefined ? [] : Array.isArray(existing) ? existing.map(String) : [String(existing)];
  reply.header('set-cookie', [...list, cookie]);
}

export function setSessionCookie(
  reply: FastifyReply,
  config: Config,
  value: string,
  maxAgeSeconds: number,
): void {
  append(reply, serialise(config, value, maxAgeSeconds));
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  append(reply, serialise(config, '', 0));
}

export function setDeviceCookie(reply: FastifyReply, config: Config, value: string): void {
  append(reply, serialise(config, value, DEVICE_COOKIE_MAX_AGE_S, DEVICE_COOKIE));
}
