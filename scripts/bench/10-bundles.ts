import { measureFloor, printBenchTable } from '../bundle-size.ts';
import type { BenchSection } from './types.ts';

/**
 * Each app's initial JavaScript (gzip and brotli) against the libraries' floor (the bench fixture
 * scripts/bench/floor, built here with the same preset) and its budget, total JavaScript and largest chunk.
 */
const section: BenchSection = {
  name: 'bundles',
  title: "Bundles (initial JavaScript per app against the libraries' floor, budgets.json)",
  async run() {
    printBenchTable(await measureFloor());
  },
};
export default section;
