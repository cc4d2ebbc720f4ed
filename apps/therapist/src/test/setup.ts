import '@tend/ui/test-setup';

// jsdom has no scrolling; ScrollRestoration calls it on every navigation.
window.scrollTo = () => {};
