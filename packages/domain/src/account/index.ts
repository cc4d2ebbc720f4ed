// @tend/domain/account: the signed-in person's own account: the profile (name, screen name, language, each
// answer becoming the cached account summary), the patient record, the notification setting, e-mail and
// password changes and the account's deletion.
export { afterPasswordAgain, REAUTH_CANCELLED } from './reauth.ts';
export {
  registerDevice,
  unregisterDevice,
  useKeepDeviceRegistered,
  useSwitchPush,
  type DeviceOutcome,
  type PushDevice,
} from './push.ts';
export { useSaveLanguage, useSaveName, useSaveScreenName } from './profile.ts';
export {
  confirmsDeletion,
  useAccountSummary,
  useDeleteAccount,
  usePatientRecord,
  usePushStatus,
  useRequestEmailChange,
  useRequestPasswordChange,
  useSetPushStatus,
} from './settings.ts';
