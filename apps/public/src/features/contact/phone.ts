/** The contract's phone pattern (CallbackClientDetails.phone, CheckInRequest.phone). */
export const PHONE_PATTERN = /^\+?[0-9 ()-]{6,20}$/;

export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(value.trim());
}
