import { firebasePushDevice } from '@tend/auth/push';
import type { PushDevice } from '@tend/domain/account';

let device: PushDevice | undefined;

/** This browser as a push device (one per page; firebase/messaging loads only when a token is asked for). */
export function thisDevice(): PushDevice {
  device ??= firebasePushDevice();
  return device;
}
