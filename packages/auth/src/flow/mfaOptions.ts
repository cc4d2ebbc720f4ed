/** A second factor the user can answer a challenge with (from `mfa_required` or `/iams/mfa/options`). */
export interface MfaOption {
  type: 'totp' | 'email';
  /** TOTP: the secret's id (otpSecretId). E-mail: absent. */
  configurationId?: string | undefined;
  /** The secret's label, or the masked e-mail address. */
  label: string;
  isDefault: boolean;
}

function listOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (value && typeof value === 'object') {
    const inner = (value as { options?: unknown }).options;
    if (Array.isArray(inner)) return inner;
  }
  return [];
}

/**
 * Reads options from untrusted JSON: an array, or `{ options: [...] }`. Entries follow the contract's
 * MfaOption (`{type: totp|email, id, label, default}`); `otp`, `configurationId` and `isDefault` are read too.
 * Unknown entries are dropped.
 */
export function parseMfaOptions(value: unknown): MfaOption[] {
  const options: MfaOption[] = [];
  for (const item of listOf(value)) {
    if (!item || typeof item !== 'object') continue;
    const o = item as Record<string, unknown>;
    const type = o.type === 'otp' || o.type === 'totp' ? 'totp' : o.type === 'email' ? 'email' : undefined;
    if (!type) continue;
    const id =
      typeof o.id === 'string' ? o.id : typeof o.configurationId === 'string' ? o.configurationId : undefined;
    options.push({
      type,
      configurationId: type === 'totp' ? id : undefined,
      label: typeof o.label === 'string' ? o.label : '',
      isDefault: o.default === true || o.isDefault === true,
    });
  }
  return options;
}

/** The options an `mfa_required` problem carries: its `mfaOptions` (the contract's `options`) or `details.options`. */
export function optionsOfError(mfaOptions: unknown, details: Record<string, unknown> | undefined) {
  const fromBody = parseMfaOptions(mfaOptions);
  return fromBody.length > 0 ? fromBody : parseMfaOptions(details?.options);
}

/** The option to start with: the default one, else the first. */
export function defaultOption(options: readonly MfaOption[]): MfaOption | undefined {
  return options.find((o) => o.isDefault) ?? options[0];
}

export function sameOption(a: MfaOption, b: MfaOption): boolean {
  return a.type === b.type && (a.configurationId ?? null) === (b.configurationId ?? null);
}

/** A one-time code as typed or pasted (`123 456`, `123-456`) → `123456`, or null unless six digits. */
export function normaliseCode(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

/**
 * The `mfaChallengeResponse` header: `totp:<otpSecretId>:<code>` or `email:<challengeId>:<code>`.
 * Null when the id it needs is missing (no e-mail code was sent yet).
 */
export function challengeResponseHeader(
  option: MfaOption,
  code: string,
  emailChallengeId?: string,
): string | null {
  const id = option.type === 'totp' ? option.configurationId : emailChallengeId;
  if (!id) return null;
  return `${option.type}:${id}:${code}`;
}
