import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseRuntimeConfig } from '@tend/config/runtime-schema';
import { firebasePushDevice } from './firebasePushDevice.ts';

const withPush = parseRuntimeConfig({
  VITE_TEND_PUSH_VAPID_KEY: 'BKey',
  VITE_TEND_FIREBASE_MESSAGING_SENDER_ID: '123',
  VITE_TEND_FIREBASE_APP_ID: '1:123:web:abc',
});

afterEach(() => vi.unstubAllGlobals());

describe('this browser as a push device', () => {
  it('is unsupported (and never asks the browser) where the deployment has no push configuration', async () => {
    const requestPermission = vi.fn(async () => 'granted' as const);
    vi.stubGlobal('Notification', { permission: 'default', requestPermission });
    const device = firebasePushDevice(parseRuntimeConfig({}));
    expect(device.permission()).toBe('unsupported');
    expect(await device.requestPermission()).toBe('unsupported');
    expect(await device.token()).toBeNull();
    expect(requestPermission).not.toHaveBeenCalled();
  });

  it('asks the browser only while it has not answered, and has no token until it grants', async () => {
    let permission: NotificationPermission = 'default';
    const requestPermission = vi.fn(async () => (permission = 'denied'));
    vi.stubGlobal('Notification', {
      get permission() {
        return permission;
      },
      requestPermission,
    });
    vi.stubGlobal('navigator', { serviceWorker: {} });
    const device = firebasePushDevice(withPush);
    expect(device.permission()).toBe('default');
    expect(await device.requestPermission()).toBe('denied');
    expect(await device.requestPermission()).toBe('denied');
    expect(requestPermission).toHaveBeenCalledOnce();
    expect(await device.token()).toBeNull();
  });
});
