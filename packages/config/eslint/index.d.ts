import type { Linter } from 'eslint';
export function featureZones(root: string): Array<Record<string, unknown>>;
export function tendConfig(options: {
  root: string;
  react?: boolean;
  node?: boolean;
  ignores?: string[];
}): Linter.Config[];
