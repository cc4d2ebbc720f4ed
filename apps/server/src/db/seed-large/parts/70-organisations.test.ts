import { describe, expect, it } from 'vitest';
import { BENCH_ADMIN, largePartApp } from '../../../../test/large-seed.ts';
import part, {
  BENCH_CHILDREN,
  BENCH_ORGANISATIONS,
  WITH_CHILDREN_EVERY,
  benchOrganisationId,
} from './70-organisations.ts';

const { op } = largePartApp(part, { admin: BENCH_ADMIN });

describe('the organisations benchmark’s data', () => {
  it('puts 1,000 organisations under Tend Health, paged by name to the end', async () => {
    const names: string[] = [];
    let lastPage: string | null = null;
    do {
      const query: Record<string, string> = { parentOrganisation: 'org-tend-health', pageSize: '100' };
      if (lastPage) query.lastPage = lastPage;
      const page = await op('admin', 'listOrganisations', { query });
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
    const children = await op('admin', 'listOrganisations', {
      query: { parentOrganisation: parent, pageSize: '100' },
    });
    expect(children.body.items).toHaveLength(BENCH_CHILDREN);
    const found = await op('admin', 'searchOrganisations', { query: { term: 'ward 07' } });
    expect(found.body.items).toHaveLength(BENCH_ORGANISATIONS / WITH_CHILDREN_EVERY);
    const without = await op('admin', 'listOrganisations', {
      query: { parentOrganisation: benchOrganisationId(1) },
    });
    expect(without.body.items).toHaveLength(0);
  });
});
