// @tend/domain/contact: the public site's contact requests (a visitor without an account): access, callback,
// check-in. Nothing is cached: each is a one-off send.
export {
  isValidPhone,
  useSendAccessRequest,
  useSendCallbackRequest,
  useSendCheckInRequest,
} from './requests.ts';
