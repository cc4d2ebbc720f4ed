// The second factor of a sign-in call: its dependencies in this environment (limits, the warning mail, where
// the attempt comes from, remembering a device that passed) and the errors that ask for it.
import type { AppDeps, HandlerContext } from '../http/types.ts';
import { DEVICE_COOKIE, readCookie, setDeviceCookie } from './cookies.ts';
import { keyedHash, randomToken } from './crypto.ts';
import { IdentityError, MfaRequiredError } from './errors.ts';
import { wrongCodesMail } from './mail.ts';
import { mfaLimitsFor, rememberDevice } from './mfa/limiter.ts';
import type { MfaDeps, MfaOption } from './mfa/service.ts';
import { findUser } from './users.ts';

/**
 * The second-factor dependencies of a call: limits for this environment, the warning mail, and — when
 * called with a handler's context — where the attempt comes from (a keyed hash of the client address and
 * of the device cookie) and what to do when a code passes (remember the device, set its cookie if new).
 */
export function mfaDeps(deps: AppDeps): MfaDeps {
  const now = () => Date.now();
  const base: MfaDeps = {
    db: deps.db,
    secret: deps.config.secret,
    now,
    issuer: 'Tend',
    limits: mfaLimitsFor(deps.config.env),
    alert: (userId, failures) => {
      void warnOfFailures(deps, userId, failures).catch((error: unknown) =>
        (deps as Partial<HandlerContext>).log?.warn(
          { err: error instanceof Error ? error.message : String(error) },
          'wrong-code warning not mailed',
        ),
      );
    },
  };
  const reply = (deps as Partial<HandlerContext>).reply;
  if (!reply) return base;
  const { secret } = deps.config;
  const given = readCookie(reply.request, DEVICE_COOKIE);
  const cookie = given && /^[A-Za-z0-9_-]{32,100}$/.test(given) ? given : undefined;
  const deviceHash = (value: string) => keyedHash(secret, 'mfa-device', value);
  return {
    ...base,
    source: {
      address: keyedHash(secret, 'mfa-source', reply.request.ip),
      device: cookie ? deviceHash(cookie) : null,
    },
    passed: async (userId) => {
      const value = cookie ?? randomToken();
      if (!cookie) setDeviceCookie(reply, deps.config, value);
      await rememberDevice(deps.db, userId, deviceHash(value), now());
    },
  };
}

/** Mails the user that their account saw repeated wrong second-factor codes. */
async function warnOfFailures(deps: AppDeps, userId: string, failures: number): Promise<void> {
  const user = await findUser(deps.db, userId);
  if (!user || user.email.endsWith('.invalid')) return;
  await deps.mailer.send(wrongCodesMail(user.email, failures));
}

export function mfaRequired(options: MfaOption[]): MfaRequiredError {
  return new MfaRequiredError(
    options.map((o) => ({ type: o.type, id: o.id, label: o.label, default: o.default })),
  );
}

/** 403 for a therapist or admin without a second factor: set one up first. */
export function enrolmentRequired(): IdentityError {
  return new IdentityError(
    403,
    'mfa_enrolment_required',
    'Set up a second factor (an authenticator app) before using this app.',
    { options: [] },
  );
}
