import { printBenchTable } from '../bundle-size.ts';
import type { BenchSection } from './types.ts';

/** Each app's initial JavaScript (gzip and brotli), total JavaScript and largest chunk, from the builds. */
const section: BenchSection = {
  name: 'bundles',
  title: 'Bundles (initial JavaScript per app, budgets.json)',
  async run() {
    printBenchTable();
  },
};
export default section;
