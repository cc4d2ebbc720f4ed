/**
 * `npm start`: builds the four apps, then starts the Auth emulator, the server (embedded database, created and
 * seeded on first start) and the apps' production builds; prints the URLs and demo sign-ins once everything
 * answers. `npm run dev` (--dev) does the same with Vite dev servers and a watching server.
 */
import { banner, buildApps, startStack, assertPortsFree, stopEverything } from './lib/stack.ts';

const dev = process.argv.includes('--dev');

let stopping = false;
async function shutdown(signal: string, code = 0) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping everything…`);
  await stopEverything();
  process.exit(code);
}
// Registered before anything starts, so Ctrl-C during the build or start-up leaves no process behind.
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGHUP', () => void shutdown('SIGHUP'));

async function main() {
  const startedAt = Date.now();
  await assertPortsFree();
  // The builds (turbo: cached when nothing changed) run while the Auth emulator and the server start; the apps'
  // servers start once the builds are done.
  let built: Promise<void> | undefined;
  if (!dev) {
    console.log('Building the apps (turbo: cached when nothing changed) while the services start…');
    built = buildApps().then((code) => {
      if (code !== 0) throw new Error('The build failed: see above.');
    });
    built.catch(() => {}); // awaited (and reported) by startStack
  }
  console.log('Starting the Auth emulator, the server and the apps…');
  const stack = await startStack({ dev, ...(built ? { appsAfter: built } : {}) });
  if (stopping) return;
  for (const s of stack.services) {
    s.child?.once('exit', (code) => {
      if (!stopping) {
        console.error(`${s.name} stopped unexpectedly (code ${code}); stopping the rest.`);
        void shutdown('exit', 1);
      }
    });
  }
  console.log(banner(stack));
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const each = stack.services
    .filter((s) => s.readyAfterMs !== undefined)
    .map((s) => `${s.name} ${seconds(s.readyAfterMs!)}`);
  console.log(
    `Everything answered ${seconds(Date.now() - startedAt)} after the start (each service after the services' start: ${each.join(', ')}).`,
  );
}

main().catch((error: Error) => {
  console.error(`\n${error.message}`);
  process.exit(1);
});
