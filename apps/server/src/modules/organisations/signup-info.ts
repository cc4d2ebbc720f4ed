// What the sign-up shows about the organisation a person is joining, beside its name: the addresses of its
// own terms of use and privacy notice (details, inherited along the chain; null means Tend's own pages).
// Public: nothing here is personal, and it is only answered for an organisation the caller already named (a
// valid access code, a whitelisted address).
import { mergedValues, type OrgContext } from './service.ts';

export interface SignupInfo {
  termsUrl: string | null;
  privacyUrl: string | null;
}

export const NO_SIGNUP_INFO: SignupInfo = { termsUrl: null, privacyUrl: null };

const httpsOrNull = (value: unknown): string | null =>
  typeof value === 'string' && value.startsWith('https://') ? value : null;

export function signupInfo(orgs: OrgContext, organisationId: string): SignupInfo {
  const details = mergedValues(orgs, organisationId, 'details');
  return { termsUrl: httpsOrNull(details.termsUrl), privacyUrl: httpsOrNull(details.privacyUrl) };
}
