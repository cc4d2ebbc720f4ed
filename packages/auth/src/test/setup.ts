import { setupDomTests } from '@tend/ui/test-setup';

setupDomTests();

// jsdom has no scrolling; the portals' ScrollRestoration calls it on every navigation. (Node-environment
// tests, such as e2e/totp.test.ts, have no window.)
if (typeof window !== 'undefined') window.scrollTo = () => {};
