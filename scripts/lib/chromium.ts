import { existsSync } from 'node:fs';

/** Debian's Chromium (or CHROMIUM_PATH); undefined when absent. Playwright cannot download browsers here. */
export function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p): p is string => Boolean(p) && existsSync(p!));
}
