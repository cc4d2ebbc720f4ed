/**
 * firebase.json's `hosting` sites, written from packages/config/src/hosting.ts with the runtime configuration
 * the apps are built with (the `VITE_TEND_*` variables of the environment). The emulators' part of the file
 * is kept as it is.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hostingConfig, type HostingSite } from '../../packages/config/src/hosting.ts';
import type { AppName } from '../../packages/config/src/ports.ts';
import { parseRuntimeConfig } from '../../packages/config/src/runtimeSchema.ts';

export const FIREBASE_JSON = join(import.meta.dirname, '..', '..', 'firebase.json');

/** Writes the sites for this environment; returns whether the file changed. */
export function writeHostingConfig(env: Record<string, string | undefined> = process.env): boolean {
  const before = readFileSync(FIREBASE_JSON, 'utf8');
  const current = JSON.parse(before) as Record<string, unknown>;
  const vars = Object.fromEntries(Object.entries(env).filter(([k]) => k.startsWith('VITE_TEND_')));
  const next = `${JSON.stringify({ hosting: hostingConfig(parseRuntimeConfig(vars)), emulators: current.emulators }, null, 2)}\n`;
  if (next === before) return false;
  writeFileSync(FIREBASE_JSON, next);
  return true;
}

/** The site of an app, as firebase.json has it. */
export function hostingSiteOf(app: AppName): HostingSite {
  const { hosting } = JSON.parse(readFileSync(FIREBASE_JSON, 'utf8')) as { hosting?: HostingSite[] };
  const site = hosting?.find((s) => s.target === app);
  if (!site)
    throw new Error(`firebase.json has no hosting site with target "${app}": run \`npm run hosting\``);
  return site;
}
