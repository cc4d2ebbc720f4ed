import { setupDomTests } from '@tend/ui/test-setup';

setupDomTests();

// jsdom has no scrolling; ScrollRestoration calls it on every navigation.
window.scrollTo = () => {};
