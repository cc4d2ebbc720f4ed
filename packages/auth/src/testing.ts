/**
 * Test doubles and helpers for the apps' unit tests (`@tend/auth/testing`): a Firebase stand-in and a fake
 * identity server (fakeIdentity.ts), and the portals' render helper (portal/testing.tsx).
 */
export * from './fakeIdentity.ts';

export {
  createPortalTestServer,
  enterCode,
  PORTAL_TEST_ACCOUNTS,
  renderPortal,
  signIn,
  TEST_PASSWORD,
  testSession,
  type PortalTestServerOptions,
  type RenderPortalOptions,
  type TestUser,
} from './portal/testing.tsx';
