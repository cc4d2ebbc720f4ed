// The session cookie `__session`: httpOnly, SameSite=Strict, Secure outside development, path /.
import type { FastifyReply } from 'fastify';
import type { Config } from '../config.ts';
import { SESSION_COOKIE } from './session.ts';

function serialise(config: Config, value: string, maxAgeSeconds: number): string {
  const parts = [
    `${SESSION_COOKIE}=${encodeURIComponent(value)}`,
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
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing.map(String) : [String(existing)];
  reply.header('set-cookie', [...list, cookie]);
}

export function setSessionCookie(reply: FastifyReply, config: Config, value: string, maxAgeSeconds: number): void {
  append(reply, serialise(config, value, maxAgeSeconds));
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  append(reply, serialise(config, '', 0));
}
