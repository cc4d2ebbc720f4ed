import { useMutation } from '@tanstack/react-query';
import { requestAccess, requestCallback, requestCheckIn } from '@tend/api';
import type { AccessRequestType, CallbackClientDetails, CheckInRequest } from '@tend/api/model';
import { requestCallbackBodyPhoneRegExp } from '@tend/api/zod';

/** The contract's phone format (CallbackClientDetails.phone, CheckInRequest.phone), after trimming. */
export function isValidPhone(value: string): boolean {
  return requestCallbackBodyPhoneRegExp.test(value.trim());
}

export interface AccessRequest {
  type: AccessRequestType;
  email: string;
  message: string;
  isContactable: boolean;
}

/** Asks for access to Tend: POST /contact/action/request-access/{type}. */
export function useSendAccessRequest() {
  return useMutation({
    mutationKey: ['contact', 'request-access'],
    mutationFn: ({ type, ...params }: AccessRequest) => requestAccess(type, params),
  });
}

/** A callback request and the link it came from (`/contact/callback?token=…&callbackGroup=…`). */
export interface CallbackRequest {
  token: string;
  callbackGroup: string;
  details: CallbackClientDetails;
}

/** Asks for a callback: POST /contact/action/request-callback. */
export function useSendCallbackRequest() {
  return useMutation({
    mutationKey: ['contact', 'request-callback'],
    mutationFn: ({ token, callbackGroup, details }: CallbackRequest) => requestCallback(details, { token, callbackGroup }),
  });
}

/** A check-in request and the token of its link (`/contact/check-in?token=…`). */
export interface CheckInRequestLink {
  token: string;
  request: CheckInRequest;
}

/** Asks for a check-in: POST /contact/action/request-check-in. */
export function useSendCheckInRequest() {
  return useMutation({
    mutationKey: ['contact', 'request-check-in'],
    mutationFn: ({ token, request }: CheckInRequestLink) => requestCheckIn(request, { token }),
  });
}
