import { describe, expect, it } from 'vitest';
import * as OTPAuth from 'otpauth';
import {
  base32Decode,
  base32Encode,
  generateSecret,
  hotp,
  otpauthUri,
  totp,
  verifyTotp,
  type OtpAlgorithm,
} from './totp.ts';

const seed20 = Buffer.from('12345678901234567890', 'ascii');
const seed32 = Buffer.from('12345678901234567890123456789012', 'ascii');
const seed64 = Buffer.from('1234567890123456789012345678901234567890123456789012345678901234', 'ascii');

describe('HOTP (RFC 4226 appendix D)', () => {
  const expected = [
    '755224',
    '287082',
    '359152',
    '969429',
    '338314',
    '254676',
    '287922',
    '162583',
    '399871',
    '520489',
  ];
  it.each(expected.map((value, count) => [count, value]))('count %i gives %s', (count, value) => {
    expect(hotp(seed20, count)).toBe(value);
  });
});

describe('TOTP (RFC 6238 appendix B, 8 digits)', () => {
  const table: [number, string, OtpAlgorithm][] = [
    [59, '94287082', 'sha1'],
    [59, '46119246', 'sha256'],
    [59, '90693936', 'sha512'],
    [1111111109, '07081804', 'sha1'],
    [1111111109, '68084774', 'sha256'],
    [1111111109, '25091201', 'sha512'],
    [1111111111, '14050471', 'sha1'],
    [1111111111, '67062674', 'sha256'],
    [1111111111, '99943326', 'sha512'],
    [1234567890, '89005924', 'sha1'],
    [1234567890, '91819424', 'sha256'],
    [1234567890, '93441116', 'sha512'],
    [2000000000, '69279037', 'sha1'],
    [2000000000, '90698825', 'sha256'],
    [2000000000, '38618901', 'sha512'],
    [20000000000, '65353130', 'sha1'],
    [20000000000, '77737706', 'sha256'],
    [20000000000, '47863826', 'sha512'],
  ];
  const seeds = { sha1: seed20, sha256: seed32, sha512: seed64 };
  it.each(table)('T=%i gives %s with %s', (seconds, value, algorithm) => {
    expect(totp(seeds[algorithm], seconds * 1000, { digits: 8, algorithm })).toBe(value);
  });
});

describe('base32', () => {
  it('round-trips and matches RFC 4648 test vectors', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI======').toString()).toBe('foobar');
    expect(base32Decode('mzxw 6ytb-oi').toString()).toBe('foobar');
    expect(() => base32Decode('ABC1')).toThrow();
  });

  it('generates 160-bit secrets that differ each time', () => {
    const a = generateSecret();
    const b = generateSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(a)).toHaveLength(20);
    expect(a).not.toBe(b);
  });
});

describe('verifyTotp', () => {
  const secret = 'JBSWY3DPEHPK3PXP';
  const now = 1_700_000_000_000;
  const reference = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });

  it('agrees with the otpauth library', () => {
    expect(totp(base32Decode(secret), now)).toBe(reference.generate({ timestamp: now }));
  });

  it('accepts the current step and one step either side, not two', () => {
    for (const delta of [-1, 0, 1]) {
      const code = reference.generate({ timestamp: now + delta * 30_000 });
      expect(verifyTotp(secret, code, now, null).ok).toBe(true);
    }
    for (const delta of [-2, 2]) {
      const code = reference.generate({ timestamp: now + delta * 30_000 });
      expect(verifyTotp(secret, code, now, null)).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('accepts each code once: the used step and earlier ones are refused', () => {
    const code = reference.generate({ timestamp: now });
    const first = verifyTotp(secret, code, now, null);
    expect(first.ok).toBe(true);
    const step = first.ok ? first.step : -1;
    expect(verifyTotp(secret, code, now, step)).toEqual({ ok: false, reason: 'reused' });
    const previous = reference.generate({ timestamp: now - 30_000 });
    expect(verifyTotp(secret, previous, now, step).ok).toBe(false);
    const next = reference.generate({ timestamp: now + 30_000 });
    expect(verifyTotp(secret, next, now + 30_000, step).ok).toBe(true);
  });

  it('refuses malformed codes without throwing', () => {
    expect(verifyTotp(secret, '12345', now, null).ok).toBe(false);
    expect(verifyTotp(secret, 'abcdef', now, null).ok).toBe(false);
    expect(verifyTotp(secret, '', now, null).ok).toBe(false);
  });

  it('builds an otpauth URI that authenticator apps (and otpauth) parse', () => {
    const uri = otpauthUri(secret, 'therapist@example.com', 'Tend');
    const parsed = OTPAuth.URI.parse(uri);
    expect(parsed).toBeInstanceOf(OTPAuth.TOTP);
    expect(parsed.secret.base32).toBe(secret);
    expect(parsed.label).toBe('therapist@example.com');
    expect(parsed.issuer).toBe('Tend');
  });
});
