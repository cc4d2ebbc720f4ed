import { loadConfig, ConfigError } from './config.ts';
import { bootDatabase } from './db/boot.ts';
import { requiredProblems } from './deployment.ts';
import { createMailer } from './mail/mailer.ts';
import { buildApp } from './app.ts';
import { drain } from './http/drain.ts';
import { loadIdentityHooks } from './modules/registry.ts';

/** Starts the server: config → database (migrated, seeded when empty) → mail → HTTP. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
    // A production instance refuses to start without what every instance must share (src/deployment.ts).
    const problems = requiredProblems(process.env);
    if (problems.length > 0) throw new ConfigError(problems);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const identity = await loadIdentityHooks();
  // Migrations and the demo data under one advisory lock: any number of instances may start at once.
  const db = await bootDatabase({ config, identity, log: (line) => console.info(line) });
  const mailer = await createMailer(config);
  const app = await buildApp({ config, db, mailer, identity });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'draining: no new connections, finishing requests in flight');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      // src/http/drain.ts: not ready (503 + Retry-After), in-flight requests finish, event streams get a
      // last `restart` event, kept-alive connections close; then the app closes.
      await drain(app, { timeoutMs: 8_000 });
      await mailer.close();
      await db.destroy();
      process.exit(0);
    } catch (error) {
      console.error('shutdown failed', error);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  if (mailer.catcher)
    console.info(`mail catcher on smtp://127.0.0.1:${mailer.catcher.port} (GET /dev/mailbox)`);
  console.info(`server listening on http://${config.host}:${port}`);
}

main().catch((error: unknown) => {
  console.error('server failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
