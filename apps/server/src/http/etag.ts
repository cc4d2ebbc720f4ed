import { randomBytes } from 'node:crypto';
import { etagMismatch, etagRequired } from './errors.ts';

/** A new strong entity tag: an opaque, quoted value. */
export function newEtag(): string {
  return `"${randomBytes(12).toString('base64url')}"`;
}

/** Compares entity tags the way clients send them back: with or without quotes, W/ ignored. */
export function sameEtag(a: string, b: string): boolean {
  const norm = (s: string) =>
    s
      .trim()
      .replace(/^W\//, '')
      .replace(/^"(.*)"$/, '$1');
  return norm(a) === norm(b);
}

/**
 * The precondition of every versioned write: the request's ETag header (or If-Match) must be the current
 * one. Missing → 412 etag_required, stale → 412 etag_mismatch; both carry the current ETag and resource.
 */
export function checkEtag(headers: Record<string, unknown>, currentEtag: string, current?: unknown): void {
  const sent = headers.etag ?? headers['if-match'];
  if (typeof sent !== 'string' || sent.trim() === '') throw etagRequired(currentEtag, current);
  if (!sameEtag(sent, currentEtag)) throw etagMismatch(currentEtag, current);
}
