import '@tend/ui/test-setup';

// jsdom has no scrolling; the portals' ScrollRestoration calls it on every navigation.
window.scrollTo = () => {};
