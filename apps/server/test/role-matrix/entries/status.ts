// Tag status: public, the same answer for everyone.
import { entry, everyone, type Entry } from '../roles.ts';

export const entries: Entry[] = [
  entry('warmupInstance', everyone(200)),
  entry('startInstance', everyone(200)),
  entry('stopInstance', everyone(200)),
  entry('getServerStatus', everyone(200)),
  entry('getStatusFile', everyone(200), () => ({ query: { t: 1 } })),
  entry('getServerTime', everyone(200)),
];
