import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';
import type { Handlers, IdentityHooks, ModuleExports, RateLimit } from '../http/types.ts';

const MODULES_DIR = fileURLToPath(new URL('.', import.meta.url));
const AUTH_INDEX = fileURLToPath(new URL('../auth/index.ts', import.meta.url));

export interface ModuleRegistry {
  handlers: Handlers;
  rateLimits: Record<string, RateLimit>;
  validationCodes: Record<string, string>;
  /** operationId → module folder, for messages and the 501 report. */
  owners: Record<string, string>;
  /** The modules' `register` hooks (extra Fastify setup), in folder order. */
  registers: Array<NonNullable<ModuleExports['register']>>;
}

/**
 * Collects every src/modules/<tag>/routes.ts: its `handlers` (by operationId) and `rateLimits`. A folder
 * without routes.ts is skipped; two modules handling one operationId is an error.
 */
export async function loadModules(dir = MODULES_DIR): Promise<ModuleRegistry> {
  const registry: ModuleRegistry = {
    handlers: {},
    rateLimits: {},
    validationCodes: {},
    owners: {},
    registers: [],
  };
  const folders = readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  for (const folder of folders) {
    const file = join(dir, folder, 'routes.ts');
    if (!existsSync(file)) continue;
    const mod = (await import(pathToFileURL(file).href)) as ModuleExports;
    for (const [operationId, handler] of Object.entries(mod.handlers ?? {})) {
      if (registry.owners[operationId]) {
        throw new Error(`${operationId} is handled by both ${registry.owners[operationId]} and ${folder}`);
      }
      registry.handlers[operationId] = handler;
      registry.owners[operationId] = folder;
    }
    Object.assign(registry.rateLimits, mod.rateLimits ?? {});
    Object.assign(registry.validationCodes, mod.validationCodes ?? {});
    if (mod.register) registry.registers.push(mod.register);
  }
  return registry;
}

/** The identity part's hooks from src/auth/index.ts, once that file exists. */
export async function loadIdentityHooks(): Promise<IdentityHooks> {
  if (!existsSync(AUTH_INDEX)) return {};
  const mod = (await import(pathToFileURL(AUTH_INDEX).href)) as {
    identityHooks?: IdentityHooks;
  } & IdentityHooks;
  return mod.identityHooks ?? { resolveUser: mod.resolveUser, register: mod.register, seed: mod.seed };
}
