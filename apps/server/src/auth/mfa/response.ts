// The `mfaChallengeResponse` header of customToken: `totp:<otpSecretId>:<6 digits>` or
// `email:<challengeId>:<6 digits>` (the challenge id from GET /iams/mfa/email/challenge). Every code goes
// through the same single-use and attempt-limit rules as the challenge-response calls.
import { badRequest } from '../errors.ts';
import { getEmailConfig, type MfaDeps, type MfaMethod } from './service.ts';
import { verifyEmailCode } from './email-challenge.ts';
import { verifyTotpCode } from './totp-secrets.ts';

const FORMAT = /^(totp|email):([A-Za-z0-9_-]{1,64}):([0-9]{6})$/;

export interface ParsedChallengeResponse {
  type: MfaMethod;
  id: string;
  code: string;
}

export function parseChallengeResponse(header: string): ParsedChallengeResponse {
  const match = FORMAT.exec(header.trim());
  if (!match) {
    throw badRequest(
      'mfaChallengeResponse must be totp:<otpSecretId>:<code> or email:<challengeId>:<code>.',
      'invalid_request',
      {
        fields: { mfaChallengeResponse: 'format' },
      },
    );
  }
  return { type: match[1] as MfaMethod, id: match[2]!, code: match[3]! };
}

/** Verifies the header for this user (401 mfa_invalid, 429 when limited); the method that passed. */
export async function checkChallengeResponse(
  deps: MfaDeps,
  userId: string,
  header: string,
): Promise<MfaMethod> {
  const parsed = parseChallengeResponse(header);
  if (parsed.type === 'totp') {
    await verifyTotpCode(deps, userId, parsed.code, parsed.id, { confirmedOnly: true });
    return 'totp';
  }
  if (!(await getEmailConfig(deps, userId))) {
    throw badRequest('The e-mail challenge is not set up for this account.', 'mfa_not_configured');
  }
  await verifyEmailCode(deps, userId, parsed.code, parsed.id);
  return 'email';
}
