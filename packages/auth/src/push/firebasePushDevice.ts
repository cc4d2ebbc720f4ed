import { getApps, initializeApp } from 'firebase/app';
import { getRuntimeConfig, type RuntimeConfig } from '@tend/config/runtime';
import { FIREBASE_APP_NAME } from '../session/lazyIdentity.ts';

type Permission = NotificationPermission | 'unsupported';

/** This browser as a push notification device (the shape @tend/domain/account's PushDevice asks for). */
export interface FirebasePushDevice {
  permission(): Permission;
  requestPermission(): Promise<Permission>;
  token(): Promise<string | null>;
  forget(): Promise<void>;
}

const hasNotifications = () =>
  typeof Notification !== 'undefined' && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

/**
 * The device's Firebase Cloud Messaging token, through the app's own service worker (the patient app's
 * /sw.js) and the deployment's Web Push key. `firebase/messaging` is loaded only when a token is asked for,
 * so it is never in an app's initial JavaScript. Where the deployment has no push configuration
 * (`config.push` undefined: development and tests), or the browser has no notifications or service worker,
 * the device is 'unsupported': the browser is never asked for permission it could not use.
 */
export function firebasePushDevice(config: RuntimeConfig = getRuntimeConfig()): FirebasePushDevice {
  const push = config.push;
  const supported = () => push !== undefined && hasNotifications();

  async function messaging() {
    if (!push || !supported() || Notification.permission !== 'granted') return null;
    const m = await import('firebase/messaging');
    if (!(await m.isSupported())) return null;
    const registration = await navigator.serviceWorker.getRegistration('/');
    if (!registration) return null;
    const options = {
      apiKey: config.firebase.apiKey,
      projectId: config.firebase.projectId,
      authDomain: config.firebase.authDomain,
      appId: push.appId,
      messagingSenderId: push.messagingSenderId,
    };
    const app =
      getApps().find((a) => a.name === FIREBASE_APP_NAME) ?? initializeApp(options, FIREBASE_APP_NAME);
    return { m, instance: m.getMessaging(app), registration, vapidKey: push.vapidKey };
  }

  return {
    permission: () => (supported() ? Notification.permission : 'unsupported'),
    async requestPermission() {
      if (!supported()) return 'unsupported';
      if (Notification.permission !== 'default') return Notification.permission;
      try {
        return await Notification.requestPermission();
      } catch {
        return 'denied';
      }
    },
    async token() {
      const fcm = await messaging();
      if (!fcm) return null;
      return (
        (await fcm.m.getToken(fcm.instance, {
          vapidKey: fcm.vapidKey,
          serviceWorkerRegistration: fcm.registration,
        })) || null
      );
    },
    async forget() {
      const fcm = await messaging();
      if (fcm) await fcm.m.deleteToken(fcm.instance);
    },
  };
}
