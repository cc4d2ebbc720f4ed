// One-time passwords: HOTP (RFC 4226) and TOTP (RFC 6238), written on node:crypto so the rules that
// matter for security (time-step window, single use, constant-time compare) are visible in one file.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export type OtpAlgorithm = 'sha1' | 'sha256' | 'sha512';

/** Parameters of every secret the server creates (what authenticator apps support everywhere). */
export const TOTP_DEFAULTS = { algorithm: 'sha1', digits: 6, period: 30, window: 1 } as const;

/** Size of generated secrets: 160 bits, the HMAC-SHA-1 block recommendation of RFC 4226 §4. */
export const SECRET_BYTES = 20;

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32, without padding (the form authenticator apps and otpauth URIs use). */
export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32_ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** Decodes base32 (case-insensitive; spaces, hyphens and padding ignored). Throws on other characters. */
export function base32Decode(input: string): Buffer {
  const clean = input.toUpperCase().replace(/[\s-]/g, '').replace(/=+$/, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32_ALPHABET.indexOf(char);
    if (index < 0) throw new Error('Invalid base32 secret');
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new random secret (160 bits from the CSPRNG), base32-encoded. */
export function generateSecret(bytes = SECRET_BYTES): string {
  return base32Encode(randomBytes(bytes));
}

/** HOTP value (RFC 4226 §5.3): HMAC, dynamic truncation, modulo 10^digits, zero-padded. */
export function hotp(
  key: Uint8Array,
  counter: number | bigint,
  options: { digits?: number; algorithm?: OtpAlgorithm } = {},
): string {
  const digits = options.digits ?? TOTP_DEFAULTS.digits;
  const algorithm = options.algorithm ?? TOTP_DEFAULTS.algorithm;
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary =
    ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The RFC 6238 time step of a moment (milliseconds since the epoch). */
export function timeStep(nowMs: number, period: number = TOTP_DEFAULTS.period): number {
  return Math.floor(nowMs / 1000 / period);
}

/** TOTP value at a moment (RFC 6238 §4.2). */
export function totp(
  key: Uint8Array,
  nowMs: number,
  options: { digits?: number; algorithm?: OtpAlgorithm; period?: number } = {},
): string {
  return hotp(key, timeStep(nowMs, options.period), options);
}

function sameCode(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Whether a string can be a code at all (digits only, right length) — checked before any crypto. */
export function isCodeShaped(code: string, digits: number = TOTP_DEFAULTS.digits): boolean {
  return new RegExp(`^\\d{${digits}}$`).test(code);
}

export type TotpVerification = { ok: true; step: number } | { ok: false; reason: 'invalid' | 'reused' };

/**
 * Checks a TOTP code against a base32 secret at `nowMs`, accepting ±`window` steps for clock drift.
 * A code is accepted once: steps at or before `lastUsedStep` are refused as `reused`, so the caller
 * must store the returned step as the new last-used step when `ok`.
 */
export function verifyTotp(
  secretBase32: string,
  code: string,
  nowMs: number,
  lastUsedStep: number | null,
  options: { window?: number; period?: number } = {},
): TotpVerification {
  const candidate = code.replace(/\s/g, '');
  if (!isCodeShaped(candidate)) return { ok: false, reason: 'invalid' };
  const key = base32Decode(secretBase32);
  const window = options.window ?? TOTP_DEFAULTS.window;
  const current = timeStep(nowMs, options.period);
  let reused = false;
  for (let delta = -window; delta <= window; delta += 1) {
    const step = current + delta;
    if (step < 0) continue;
    if (sameCode(hotp(key, step), candidate)) {
      if (lastUsedStep !== null && step <= lastUsedStep) {
        reused = true;
        continue;
      }
      return { ok: true, step };
    }
  }
  return { ok: false, reason: reused ? 'reused' : 'invalid' };
}

/** The otpauth:// URI an authenticator app reads from a QR code (Key Uri Format). */
export function otpauthUri(secretBase32: string, accountName: string, issuer: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(accountName)}`;
  const params = new URLSearchParams({
    secret: secretBase32,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DEFAULTS.digits),
    period: String(TOTP_DEFAULTS.period),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}
