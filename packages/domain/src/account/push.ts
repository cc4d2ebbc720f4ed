import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { registerPushToken, unregisterPushToken } from '@tend/api';
import { useSetPushStatus } from './settings.ts';

type Permission = NotificationPermission | 'unsupported';

/**
 * This browser as a device that can receive push notifications (@tend/auth/push's firebasePushDevice in the
 * app; fakes in tests). 'unsupported' where the browser or the deployment cannot deliver them here.
 */
export interface PushDevice {
  permission(): Permission;
  /** Asks the browser (only when it has not answered yet). */
  requestPermission(): Promise<Permission>;
  /** This device's token from the push service; null when it cannot have one. */
  token(): Promise<string | null>;
  /** Forgets the token at the push service. */
  forget(): Promise<void>;
}

/**
 * What happened to this device when notifications were switched: its token registered or removed, nothing to
 * do, or why not ('blocked': the browser refuses; 'unsupported': it cannot receive them here; 'failed': the
 * push service or Tend could not be reached).
 */
export type DeviceOutcome = 'registered' | 'removed' | 'none' | 'blocked' | 'unsupported' | 'failed';

/** Registers this device's token (POST /push-notifications/register/{token}) where the browser grants it. */
export async function registerDevice(device: PushDevice, ask: boolean): Promise<DeviceOutcome> {
  const permission = ask ? await device.requestPermission() : device.permission();
  if (permission === 'unsupported') return 'unsupported';
  if (permission !== 'granted') return permission === 'denied' ? 'blocked' : 'none';
  try {
    const token = await device.token();
    if (!token) return 'unsupported';
    await registerPushToken(token);
    return 'registered';
  } catch {
    return 'failed';
  }
}

/**
 * Unregisters this device's token (DELETE /push-notifications/unregister/{token}) and forgets it at the push
 * service. Only a device the browser granted can hold a token, so no other is asked for one.
 */
export async function unregisterDevice(device: PushDevice): Promise<DeviceOutcome> {
  if (device.permission() !== 'granted') return 'none';
  try {
    const token = await device.token();
    if (!token) return 'none';
    await unregisterPushToken(token);
    await device.forget();
    return 'removed';
  } catch {
    return 'failed';
  }
}

/**
 * Switches notifications for the account (setPushStatus) and this device with it: on asks the browser,
 * registers the token where granted; off unregisters it. The account's setting is saved whatever the
 * device's outcome (a person who turns notifications off is never left with them on), and the mutation's
 * answer is the device's outcome, for the page to explain.
 */
export function useSwitchPush(device: PushDevice) {
  const setStatus = useSetPushStatus();
  // Not the generated hook alone (the browser's push registration and setPushStatus): see the package README, Data hooks.
  return useMutation({
    mutationKey: ['account', 'push-switch'],
    mutationFn: async (enabled: boolean): Promise<DeviceOutcome> => {
      if (!enabled) {
        await setStatus.mutateAsync({ data: { enabled: false } });
        return unregisterDevice(device);
      }
      const outcome = await registerDevice(device, true);
      await setStatus.mutateAsync({ data: { enabled: true } });
      return outcome;
    },
  });
}

/**
 * While notifications are on, registers this device again once per page visit where the browser already
 * granted them (registration is idempotent on the server; a push service may have given a new token).
 */
export function useKeepDeviceRegistered(device: PushDevice, enabled: boolean | undefined): void {
  useEffect(() => {
    if (enabled) void registerDevice(device, false);
  }, [device, enabled]);
}
