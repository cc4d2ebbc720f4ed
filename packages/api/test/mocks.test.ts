import { faker } from '@faker-js/faker';
import { setRuntimeConfig } from '@tend/config/runtime';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handlers } from '../src/generated/msw.ts';
import { operations } from '../src/generated/operations.ts';
import * as schemas from '../src/generated/zod-responses/index.ts';
import { apiFetch } from '../src/http.ts';

type Schema = { safeParse: (data: unknown) => { success: boolean; error?: { message: string } } };
const server = setupServer(...handlers());

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  setRuntimeConfig({ apiRoot: 'http://api.test', statusHost: 'http://status.test' });
});
afterAll(() => server.close());

/** Calls every operation against the generated MSW handlers; answers the problems found. */
async function problems(): Promise<string[]> {
  const found: string[] = [];
  for (const op of operations) {
    const url = op.path.replace(/\{[^}]+\}/g, 'id1');
    try {
      const data = await apiFetch(
        { url, method: op.method },
        op.host === 'status' ? { baseUrl: 'http://api.test' } : {},
      );
      const schema = (schemas as unknown as Record<string, Schema | undefined>)[
        `${op.operationId}${op.status}Response`
      ];
      if (schema) {
        const result = schema.safeParse(data);
        if (!result.success) found.push(`${op.operationId}: ${result.error?.message.slice(0, 400)}`);
      } else if (op.response === 'number' && typeof data !== 'number')
        found.push(`${op.operationId}: not a number`);
      else if (op.response === 'text' && typeof data !== 'string') found.push(`${op.operationId}: not text`);
      else if (op.response === 'blob' && !(data instanceof Blob)) found.push(`${op.operationId}: not a Blob`);
      else if (op.response === 'json') found.push(`${op.operationId}: no zod response schema`);
    } catch (error) {
      found.push(`${op.operationId}: ${String(error)}`);
    }
  }
  return found;
}

describe('the generated MSW handlers', () => {
  it('cover every operation', () => {
    expect(handlers()).toHaveLength(operations.length);
  });

  it.each([1, 2, 3])('answer data that satisfies the zod response schemas (faker seed %i)', async (seed) => {
    faker.seed(seed);
    expect(await problems()).toEqual([]);
  });
});
