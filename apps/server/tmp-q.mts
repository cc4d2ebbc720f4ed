import { sql } from 'kysely';
import { createDb, pgliteOf } from './src/db/index.ts';
const mode = process.argv[2] ?? 'both';
const db = await createDb({ memory: true });
for (let i = 0; i < 10; i++) await db.insertInto('users').values({ id: `u${i}`, email: `u${i}@example.com`, language: 'en', updated_at: 1 }).execute();
if (mode === 'notrigger') await sql`drop trigger users_announce on users`.execute(db);
let n = 0;
if (mode !== 'nolisten') await pgliteOf(db)!.listen('tend_chat', () => { n++; });
const lat: number[] = [];
const t0 = performance.now();
for (let i = 0; i < 8000; i++) {
  const s = performance.now();
  await db.updateTable('users').set({ language: i % 2 ? 'en-GB' : 'en', updated_at: Date.now() }).where('id', '=', `u${i % 10}`).execute();
  lat.push(performance.now() - s);
}
lat.sort((a, b) => a - b);
console.log(mode, 'mean', ((performance.now() - t0) / 8000).toFixed(3), 'p99', lat[Math.floor(lat.length * 0.99)]!.toFixed(2), 'max', lat.at(-1)!.toFixed(1), 'notes', n);
await db.destroy();
