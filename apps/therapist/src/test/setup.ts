import { setupDomTests } from '@tend/ui/test-setup';

setupDomTests();

// jsdom has no scrolling; ScrollRestoration calls it on every navigation.
window.scrollTo = () => {};

// jsdom has no FontFaceSet; Mantine's Textarea `autosize` listens to document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
    configurable: true,
  });
}
