import { jwtVerify, SignJWT, errors } from 'jose';
import { HttpError } from '../../http/errors.ts';

export type EmailAction = 'subscribe' | 'unsubscribe';

const ISSUER = 'tend';
const AUDIENCE = 'email-update';
const key = (secret: string) => new TextEncoder().encode(secret);

/** A signed e-mail-preferences link token (HS256 with the server secret), valid 30 days by default. */
export async function signEmailToken(
  secret: string,
  email: string,
  action: EmailAction,
  ttlSeconds = 30 * 86_400,
): Promise<string> {
  return new SignJWT({ email, action })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(key(secret));
}

/** Verifies a link token: 400 invalid_token when it is malformed, forged, expired or of another kind. */
export async function verifyEmailToken(
  secret: string,
  token: string,
): Promise<{ email: string; action: EmailAction }> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
    });
    const { email, action } = payload as { email?: unknown; action?: unknown };
    if (typeof email !== 'string' || (action !== 'subscribe' && action !== 'unsubscribe'))
      throw new errors.JWTInvalid('bad claims');
    return { email, action };
  } catch (error) {
    const expired = error instanceof errors.JWTExpired;
    throw new HttpError(
      400,
      'invalid_token',
      expired
        ? 'This link has expired. Ask for a new one.'
        : 'This link is not valid. Check that you copied the whole link.',
    );
  }
}
