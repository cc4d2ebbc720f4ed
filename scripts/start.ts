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
  await assertPortsFree();
  if (!dev) {
    console.log('Building the apps (turbo: cached when nothing changed)…');
    const code = await buildApps();
    if (code !== 0) throw new Error('The build failed: see above.');
  }
  if (stopping) return;
  console.log('Starting the Auth emulator, the server and the apps…');
  const stack = await startStack({ dev });
  for (const s of stack.services) {
    s.child?.once('exit', (code) => {
      if (!stopping) {
        console.error(`${s.name} stopped unexpectedly (code ${code}); stopping the rest.`);
        void shutdown('exit', 1);
      }
    });
  }
  console.log(banner(stack));
}

main().catch((error: Error) => {
  console.error(`\n${error.message}`);
  process.exit(1);
});
