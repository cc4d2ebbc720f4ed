import { useEffect } from 'react';
import { useAuth } from '@tend/auth';
import { unregisterDevice, useKeepDeviceRegistered, usePushStatus } from '@tend/domain/account';
import { thisDevice } from './pushDevice.ts';

function KeepRegistered() {
  const status = usePushStatus();
  useKeepDeviceRegistered(thisDevice(), status.data?.enabled);
  return null;
}

/**
 * Rendered in the signed-in header where the deployment has push (config.push): while notifications are on
 * and the browser grants them, this device is registered again at each visit (a new sign-in, a new token);
 * at sign-out its token is unregistered while the session still authorises it, so a shared computer never
 * shows the previous person's notifications.
 */
export function PushDeviceSync() {
  const { client: auth } = useAuth();
  useEffect(() => auth.beforeSignOut(async () => void (await unregisterDevice(thisDevice()))), [auth]);
  return thisDevice().permission() === 'granted' ? <KeepRegistered /> : null;
}
