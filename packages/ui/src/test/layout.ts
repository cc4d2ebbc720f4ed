/**
 * jsdom lays nothing out: give elements a size (and scrollTo) so a virtualised list (a `role="region"` scroller) renders the rows in
 * view, as a browser would. Answers the function that puts everything back.
 */
export function layoutForVirtualLists(height = 400): () => void {
  // The composer's autosize listens to font loading, which jsdom lacks.
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener() {}, removeEventListener() {} },
    });
  const rect = HTMLElement.prototype.getBoundingClientRect;
  const scrollTo = HTMLElement.prototype.scrollTo;
  const offsetHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight');
  const offsetWidth = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetWidth');
  const clientHeight = Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight');
  const clientWidth = Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth');
  const heightOf = (el: Element) => (el.getAttribute('role') === 'region' ? height : 80);
  HTMLElement.prototype.getBoundingClientRect = function getBoundingClientRect() {
    const h = this.getAttribute('role') === 'region' ? height : 80;
    return {
      x: 0,
      y: 0,
      top: 0,
      left: 0,
      width: 600,
      height: h,
      right: 600,
      bottom: h,
      toJSON: () => ({}),
    } as DOMRect;
  };
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get() {
      return (this as HTMLElement).getAttribute('role') === 'region' ? height : 80;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', { configurable: true, get: () => 600 });
  Object.defineProperty(Element.prototype, 'clientHeight', {
    configurable: true,
    get() {
      return heightOf(this as Element);
    },
  });
  Object.defineProperty(Element.prototype, 'clientWidth', { configurable: true, get: () => 600 });
  HTMLElement.prototype.scrollTo = function scrollToStub(
    this: HTMLElement,
    options?: ScrollToOptions | number,
  ) {
    if (typeof options === 'object' && options.top !== undefined) this.scrollTop = options.top;
  } as typeof HTMLElement.prototype.scrollTo;
  return () => {
    HTMLElement.prototype.getBoundingClientRect = rect;
    HTMLElement.prototype.scrollTo = scrollTo;
    if (offsetHeight) Object.defineProperty(HTMLElement.prototype, 'offsetHeight', offsetHeight);
    if (offsetWidth) Object.defineProperty(HTMLElement.prototype, 'offsetWidth', offsetWidth);
    if (clientHeight) Object.defineProperty(Element.prototype, 'clientHeight', clientHeight);
    if (clientWidth) Object.defineProperty(Element.prototype, 'clientWidth', clientWidth);
  };
}
