// Small, well-known primitives the identity code shares: random tokens, hashes for storing them,
// and sealing of TOTP secrets at rest. All keys derive from the server secret (config.secret).
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';

/** A random opaque token (256 bits, base64url). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** A numeric code of `digits` digits from the CSPRNG, uniformly distributed. */
export function randomDigits(digits = 6): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, '0');
}

/** SHA-256 (hex) of a high-entropy token, for lookup by value without storing the value. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

function subKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'tend-identity', purpose, 32));
}

/** HMAC-SHA-256 (hex) under a key derived from the server secret: for low-entropy values (codes). */
export function keyedHash(secret: string, purpose: string, value: string): string {
  return createHmac('sha256', subKey(secret, `hmac:${purpose}`))
    .update(value)
    .digest('hex');
}

export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Encrypts a short secret with AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>` (base64url parts). */
export function seal(secret: string, purpose: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', subKey(secret, `seal:${purpose}`), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [
    'v1',
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    body.toString('base64url'),
  ].join('.');
}

export function unseal(secret: string, purpose: string, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Unknown sealed value format');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    subKey(secret, `seal:${purpose}`),
    Buffer.from(iv, 'base64url'),
  );
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/**
 * A signed grant: `base64url(JSON).HMAC-SHA256(secret, purpose.payload)`, as the signed upload, image and
 * embed links carry it. The purpose separates the kinds, so one kind's token never passes as another's.
 */
export function signGrant(secret: string, purpose: string, grant: object): string {
  const payload = Buffer.from(JSON.stringify(grant)).toString('base64url');
  return `${payload}.${grantSignature(secret, purpose, payload)}`;
}

/** The grant of a token signed for this purpose and accepted by `isGrant`, or null. Expiry is the caller's. */
export function readGrant<T>(
  secret: string,
  purpose: string,
  token: string,
  isGrant: (value: unknown) => value is T,
): T | null {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  if (!constantTimeEqual(grantSignature(secret, purpose, payload), signature)) return null;
  try {
    const grant: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return isGrant(grant) ? grant : null;
  } catch {
    return null;
  }
}

function grantSignature(secret: string, purpose: string, payload: string): string {
  return createHmac('sha256', secret).update(`${purpose}.${payload}`).digest('base64url');
}

/** True when `value` is an object whose listed keys are strings and whose `e` (expiry, epoch ms) is a number. */
export function hasGrantFields(value: unknown, stringKeys: readonly string[]): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.e === 'number' && stringKeys.every((key) => typeof record[key] === 'string');
}
