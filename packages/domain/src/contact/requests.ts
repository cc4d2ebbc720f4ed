import { useRequestAccess, useRequestCallback, useRequestCheckIn } from '@tend/api';
import { requestCallbackBodyPhoneRegExp } from '@tend/api/zod';

/** The contract's phone format (CallbackClientDetails.phone, CheckInRequest.phone), after trimming. */
export function isValidPhone(value: string): boolean {
  return requestCallbackBodyPhoneRegExp.test(value.trim());
}

// Each is a one-off send: nothing is cached, so the generated hook is the whole of it.

/** Asks for access to Tend: POST /contact/action/request-access/{type} (`{ type, params: { email, message, isContactable } }`). */
export const useSendAccessRequest = () => useRequestAccess();

/** Asks for a callback: POST /contact/action/request-callback (`{ data: details, params: { token, callbackGroup } }`, the link's). */
export const useSendCallbackRequest = () => useRequestCallback();

/** Asks for a check-in: POST /contact/action/request-check-in (`{ data: request, params: { token } }`, the link's). */
export const useSendCheckInRequest = () => useRequestCheckIn();
