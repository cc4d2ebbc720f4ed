/**
 * `npm start`: builds the four apps, then starts the Auth emulator, the server (embedded database, created and
 * seeded on first start) and the apps' production builds; prints the URLs and demo sign-ins once everything
 * answers. `npm run dev` (--dev) does the same with Vite dev servers and a watching server.
 */
import { banner, run, startStack, assertPortsFree } from './lib/stack.ts';

const dev = process.argv.includes('--dev');

async function main() {
  await assertPortsFree();
  if (!dev) {
    console.log('Building the apps (turbo: cached when nothing changed)…');
    const code = await run('npx', ['turbo', 'run', 'build', '--filter=./apps/*', '--output-logs=errors-only']);
    if (code !== 0) throw new Error('The build failed: see above.');
  }
  console.log('Starting the Auth emulator, the server and the apps…');
  const stack = await startStack({ dev });
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping everything…`);
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGHUP', () => void shutdown('SIGHUP'));
  for (const s of stack.services) {
    s.child?.once('exit', (code) => {
      if (!stopping) {
        console.error(`${s.name} stopped unexpectedly (code ${code}); stopping the rest.`);
        void shutdown('exit');
      }
    });
  }
  console.log(banner(stack));
}

main().catch((error: Error) => {
  console.error(`\n${error.message}`);
  process.exit(1);
});
