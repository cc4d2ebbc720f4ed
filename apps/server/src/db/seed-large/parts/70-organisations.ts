/**
 * The admin console's organisations benchmark data: a large tree under the demo root organisation, so the
 * organisation list, its paging and search are measured at the size a national provider reaches.
 *
 * BENCH_DATA: 1,000 organisations `bench-org-0001` … `bench-org-1000` ("Bench Clinic 0001 <town>" …) directly
 * under `org-tend-health` (Tend Health, administered by admin@example.com); every 50th of them
 * (`bench-org-0050`, `bench-org-0100` … 20 in all) has 50 child organisations of its own
 * (`bench-org-0050-01` … `-50`, "Bench Clinic 0050 ward 01" …), 2,000 organisations in all. About 1 in 12
 * is disabled; most have a subscription and a places limit. No access codes, patients or administrators.
 */
import { randomUUID } from 'node:crypto';
import { json } from '../../index.ts';
import { random } from '../../seed-data.ts';
import { inBatches, type LargeSeedPart } from '../index.ts';

export const BENCH_ORGANISATIONS = 1_000;
export const BENCH_CHILDREN = 50;
/** Every how many top-level bench organisations has children. */
export const WITH_CHILDREN_EVERY = 50;
const ROOT = 'org-tend-health';
const DAY = 86_400_000;
const TOWNS = [
  'Leeds',
  'Bristol',
  'Cardiff',
  'York',
  'Norwich',
  'Derby',
  'Exeter',
  'Hull',
  'Oxford',
  'Bath',
  'Perth',
  'Bangor',
  'Truro',
  'Carlisle',
  'Durham',
  'Lincoln',
];

export const benchOrganisationId = (i: number) => `bench-org-${String(i).padStart(4, '0')}`;

/** One organisation row as the server stores it (own values only: the rest is inherited from the parent). */
function row(id: string, parent: string, name: string, next: () => number, now: number) {
  const created = new Date(now - Math.floor(next() * 900) * DAY);
  const subscribed = next() < 0.8;
  const max = next() < 0.7 ? 20 + Math.floor(next() * 480) : null;
  return {
    id,
    parent_id: parent,
    name,
    details: json({ name }),
    app_settings: json({}),
    subscription: json(
      subscribed
        ? {
            startsAt: new Date(created.getTime()).toISOString().slice(0, 10),
            endsAt: new Date(now + Math.floor((next() - 0.1) * 400) * DAY).toISOString().slice(0, 10),
            ...(max === null ? {} : { maxRedemptions: max }),
          }
        : {},
    ),
    research_settings: json({}),
    enabled: next() >= 1 / 12,
    max_redemptions: max,
    etag: randomUUID(),
    created_at: created,
    updated_at: created,
  };
}

const part: LargeSeedPart = {
  name: `${BENCH_ORGANISATIONS.toLocaleString('en-GB')} organisations under Tend Health, ${BENCH_ORGANISATIONS / WITH_CHILDREN_EVERY} of them with ${BENCH_CHILDREN} children`,
  async seed({ db }) {
    const { next } = random(20261124);
    const now = Date.now();
    const rows: Array<ReturnType<typeof row>> = [];
    for (let i = 1; i <= BENCH_ORGANISATIONS; i++) {
      const id = benchOrganisationId(i);
      const town = TOWNS[Math.floor(next() * TOWNS.length)]!;
      rows.push(row(id, ROOT, `Bench Clinic ${String(i).padStart(4, '0')} ${town}`, next, now));
      if (i % WITH_CHILDREN_EVERY === 0) {
        for (let c = 1; c <= BENCH_CHILDREN; c++) {
          const n = String(c).padStart(2, '0');
          rows.push(row(`${id}-${n}`, id, `Bench Clinic ${String(i).padStart(4, '0')} ward ${n}`, next, now));
        }
      }
    }
    // Parents before children (the parent_id reference): the rows are in that order already.
    await db.transaction().execute(async (trx) => {
      await inBatches(rows, 500, (batch) => trx.insertInto('organisations').values(batch).execute());
    });
  },
};
export default part;
