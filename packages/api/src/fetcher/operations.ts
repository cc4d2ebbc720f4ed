/** Which contract operation a request belongs to (its response kind, host and scopes). */
import { operations, type OperationInfo } from '../generated/operations.ts';

interface CompiledOperation {
  info: OperationInfo;
  pattern: RegExp;
  literalSegments: number;
}

const compiled: CompiledOperation[] = operations
  .map((info) => {
    const segments = info.path.split('/').filter(Boolean);
    const source = segments
      .map((s) => (/^\{[^}]+\}$/.test(s) ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    return {
      info,
      pattern: new RegExp(`^/${source}/?$`),
      literalSegments: segments.filter((s) => !s.startsWith('{')).length,
    };
  })
  .sort((a, b) => b.literalSegments - a.literalSegments);

/** The contract operation a method and URL path belong to (most literal segments win). */
export function findOperation(method: string, path: string): OperationInfo | undefined {
  const upper = method.toUpperCase();
  return compiled.find((c) => c.info.method === upper && c.pattern.test(path))?.info;
}
