import { it } from 'vitest';
import { ENTRIES } from './entries/index.ts';
import { ROLES, createMatrixApp } from './roles.ts';
import { injectOptions, matrixContext, operation } from './run.ts';
const OPS = (process.env.PROBE_OPS ?? '').split(',');
const PROBE_ROLES = (process.env.PROBE_ROLES ?? '').split(',');
it('probe', async () => {
  const t = await createMatrixApp();
  const m = matrixContext(t);
  for (const e of ENTRIES.filter((x) => OPS.includes(x.operationId))) {
    for (const role of ROLES.filter((r) => PROBE_ROLES.includes(r))) {
      const req = await e.request(role, m);
      const res = await t.app.inject(injectOptions(operation(e.operationId), role, req));
      console.log(`${e.operationId} ${role} ${res.statusCode} ${res.body.slice(0, 600)}`);
    }
  }
  await t.close();
}, 120000);
