/**
 * `tsx scripts/serve.ts <app> [--port N]`: serves an app's production build with the rules of its site in
 * firebase.json (headers, clean URLs, rewrites; precompressed files by Accept-Encoding). `npm start` and the
 * end-to-end tests serve the four apps this way.
 */
import { APP_NAMES, APP_PORTS, type AppName } from '../packages/config/src/ports.ts';
import { serveSite } from '../packages/config/src/serve.ts';
import { hostingSiteOf } from './lib/hosting.ts';
import { ROOT } from './lib/stack.ts';

const [app, ...rest] = process.argv.slice(2);
if (!app || !(APP_NAMES as string[]).includes(app)) {
  console.error(`Usage: tsx scripts/serve.ts <${APP_NAMES.join('|')}> [--port N]`);
  process.exit(2);
}
const portFlag = rest.indexOf('--port');
const port = portFlag >= 0 ? Number(rest[portFlag + 1]) : APP_PORTS[app as AppName];
const site = hostingSiteOf(app as AppName);
await serveSite({ site, root: ROOT, port });
console.log(`${app}: serving ${site.public} on http://localhost:${port} (firebase.json, target ${app})`);
