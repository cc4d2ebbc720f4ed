/**
 * What jsdom lacks and Mantine uses: matchMedia, ResizeObserver, scrollIntoView, getComputedStyle pseudo
 * elements, document.fonts (Textarea's autosize listens for fonts loading). Idempotent; called by renderWithProviders and by the test setup file.
 */
export function installDomPolyfills(): void {
  if (typeof window === 'undefined') return;
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  if (typeof window.ResizeObserver === 'undefined') {
    window.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
  }
  Element.prototype.scrollIntoView ??= function scrollIntoView() {};
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
    });
  }
}
