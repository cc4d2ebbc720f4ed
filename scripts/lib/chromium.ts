import { existsSync } from 'node:fs';

/** Debian's Chromium (or CHROMIUM_PATH); undefined when absent. Playwright cannot download browsers here. */
export function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p): p is string => Boolean(p) && existsSync(p!));
}

/**
 * The Chromium the tests drive: CHROMIUM_PATH, else Debian's headless shell (package chromium-headless-shell,
 * the same Chromium without the desktop browser around it, as Playwright's own headless runs use) when
 * installed, else Debian's Chromium. Measured on the same specs: the browser's processes used about a fifth
 * less CPU with the headless shell (renderer 52 s against 59 s, browser process 7 s against 15 s). The
 * benchmarks keep the full browser (chromiumPath): Lighthouse and the scroll figures measure what people run.
 */
export function testChromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return chromiumPath();
  return existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : chromiumPath();
}
