import { useMutation } from '@tanstack/react-query';
import { requestAccess, requestCallback, requestCheckIn } from '@tend/api';
import type { AccessRequestType, CallbackClientDetails, CheckInRequest } from '@tend/api/model';
import { requestCallbackBodyPhoneRegExp } from '@tend/api/zod';

/** The contract's phone format (CallbackClientDetails.phone, CheckInRequest.phone), after trimming. */
export function isValidPhone(value: string): boolean {
  return requestCallbackBodyPhoneRegExp.test(value.trim());
}

/** A one-off send (nothing cached): the hook of one contact call. */
function sendHook<TVars, TData>(name: string, mutationFn: (vars: TVars) => Promise<TData>) {
  return function useSend() {
    return useMutation({ mutationKey: ['contact', name], mutationFn });
  };
}

export interface AccessRequest {
  type: AccessRequestType;
  email: string;
  message: string;
  isContactable: boolean;
}

/** Asks for access to Tend: POST /contact/action/request-access/{type}. */
export const useSendAccessRequest = sendHook('request-access', ({ type, ...params }: AccessRequest) =>
  requestAccess(type, params),
);

/** A callback request and the link it came from (`/contact/callback?token=…&callbackGroup=…`). */
export interface CallbackRequest {
  token: string;
  callbackGroup: string;
  details: CallbackClientDetails;
}

/** Asks for a callback: POST /contact/action/request-callback. */
export const useSendCallbackRequest = sendHook(
  'request-callback',
  ({ token, callbackGroup, details }: CallbackRequest) => requestCallback(details, { token, callbackGroup }),
);

/** A check-in request and the token of its link (`/contact/check-in?token=…`). */
export interface CheckInRequestLink {
  token: string;
  request: CheckInRequest;
}

/** Asks for a check-in: POST /contact/action/request-check-in. */
export const useSendCheckInRequest = sendHook('request-check-in', ({ token, request }: CheckInRequestLink) =>
  requestCheckIn(request, { token }),
);
