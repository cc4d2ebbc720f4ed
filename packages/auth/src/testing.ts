/**
 * Test doubles and helpers for the apps' unit tests (`@tend/auth/testing`): a Firebase stand-in and a fake
 * identity server (fakeIdentity.ts). The portals' render helper is @tend/portal/testing.
 */
export * from './fakeIdentity.ts';
