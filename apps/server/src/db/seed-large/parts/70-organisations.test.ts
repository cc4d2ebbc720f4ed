import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callContract, type TestApp } from '../../../../test/helpers.ts';
import { BENCH_ADMIN, createLargePartApp } from '../../../../test/large-seed.ts';
import part, {
  BENCH_CHILDREN,
  BENCH_ORGANISATIONS,
  WITH_CHILDREN_EVERY,
  benchOrganisationId,
} from './70-organisations.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createLargePartApp(part, { admin: BENCH_ADMIN });
});
afterAll(async () => t?.close());

const headers = { 'x-test-user': 'admin' };

describe('the organisations benchmark’s data', () => {
  it('puts 1,000 organisations under Tend Health, paged by name to the end', async () => {
    const names: string[] = [];
    let lastPage: string | null = null;
    do {
      const url: string = `/organisation/list?parentOrganisation=org-tend-health&pageSize=100${lastPage ? `&lastPage=${encodeURIComponent(lastPage)}` : ''}`;
      const page = await callContract(t.app, 'listOrganisations', { method: 'GET', url, headers });
      expect(page.res.statusCode).toBe(200);
      names.push(
        ...page.body.items
          .filter((o: { id: string }) => o.id.startsWith('bench-org-'))
          .map((o: { name: string }) => o.name),
      );
      lastPage = page.body.lastPage ?? null;
    } while (lastPage);
    expect(names).toHaveLength(BENCH_ORGANISATIONS);
    expect([...names].sort((a, b) => a.localeCompare(b))).toEqual(names);
  });

  it(`gives every ${WITH_CHILDREN_EVERY}th of them ${BENCH_CHILDREN} children, found by search`, async () => {
    const parent = benchOrganisationId(WITH_CHILDREN_EVERY);
    const children = await callContract(t.app, 'listOrganisations', {
      method: 'GET',
      url: `/organisation/list?parentOrganisation=${parent}&pageSize=100`,
      headers,
    });
    expect(children.body.items).toHaveLength(BENCH_CHILDREN);
    const found = await callContract(t.app, 'searchOrganisations', {
      method: 'GET',
      url: '/organisation/action/search?term=ward%2007',
      headers,
    });
    expect(found.body.items).toHaveLength(BENCH_ORGANISATIONS / WITH_CHILDREN_EVERY);
    const without = await callContract(t.app, 'listOrganisations', {
      method: 'GET',
      url: `/organisation/list?parentOrganisation=${benchOrganisationId(1)}`,
      headers,
    });
    expect(without.body.items).toHaveLength(0);
  });
});
