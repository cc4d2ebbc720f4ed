/**
 * The spec's host rule: a leading `stage.`, `dev.` or `aus.` on the host is ignored when comparing hosts.
 * Hosts compare case-insensitively and without their port.
 */
const IGNORED_PREFIX = /^(?:stage|dev|aus)\./;

/** Lower-cases a host (or host:port), drops the port and one leading stage./dev./aus. label. */
export function normaliseHost(host: string): string {
  let h = host.trim().toLowerCase();
  if (h.startsWith('[')) {
    // IPv6 literal, possibly with a port: [::1]:5173
    const end = h.indexOf(']');
    h = end === -1 ? h : h.slice(0, end + 1);
  } else {
    const colon = h.lastIndexOf(':');
    if (colon !== -1 && h.indexOf(':') === colon) h = h.slice(0, colon);
  }
  h = h.replace(/\.$/, '');
  return h.replace(IGNORED_PREFIX, '');
}

/** True when two hosts are the same once ports, case and a stage./dev./aus. prefix are ignored. */
export function sameHost(a: string, b: string): boolean {
  return normaliseHost(a) === normaliseHost(b);
}

/** True when the page is served from the dedicated sign-up host (see RuntimeConfig.signupHost). */
export function isSignupHost(currentHost: string, signupHost: string): boolean {
  return sameHost(currentHost, signupHost);
}
