import DOMPurify from 'dompurify';

let hooked = false;

function ensureHooks(): void {
  if (hooked) return;
  hooked = true;
  // Links that open elsewhere never get a handle on this window.
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (!node.hasAttribute('target')) return;
    if (node.tagName === 'A' && node.getAttribute('target') === '_blank') {
      node.setAttribute('rel', 'noopener noreferrer');
    } else {
      node.removeAttribute('target');
    }
  });
}

/**
 * HTML made safe to insert: scripts, event handlers, javascript: URLs, styles, forms and frames removed.
 * Only for HTML that must stay HTML (e.g. formatted content from the organisation); anything a person typed
 * is rendered as text (<SafeText>), never as HTML.
 */
const SANITIZE = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
  FORBID_ATTR: ['style'],
  ADD_ATTR: ['target'],
};

export function sanitizeHtml(dirty: string): string {
  ensureHooks();
  return DOMPurify.sanitize(dirty, SANITIZE);
}

/**
 * Sanitised HTML for `dangerouslySetInnerHTML`: a TrustedHTML made by DOMPurify's Trusted Types policy (the
 * only policy the apps' Content-Security-Policy allows; a plain string would be refused by the DOM), or a
 * string where the browser has no Trusted Types. `profile` is DOMPurify's configuration (default: this file's).
 */
export function sanitizeHtmlForDom(
  dirty: string,
  profile: Omit<Parameters<typeof DOMPurify.sanitize>[1], 'RETURN_TRUSTED_TYPE'> = SANITIZE,
): TrustedHTML | string {
  ensureHooks();
  return DOMPurify.sanitize(dirty, { ...profile, RETURN_TRUSTED_TYPE: true });
}

/** The text of some HTML (entities decoded, tags dropped), without assigning HTML to the DOM ourselves. */
export function htmlToText(html: string): string {
  if (!html) return '';
  return (DOMPurify.sanitize(html, { RETURN_DOM_FRAGMENT: true }).textContent ?? '').trim();
}
