import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

/** One clear line for the operator instead of a stack trace. */
function describeStartupFailure(error: unknown, database: 'sqlite' | 'postgres'): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const detail = cause instanceof Error ? cause.message : String(cause);
  const setting = database === 'postgres' ? 'DATABASE_URL' : 'DATA_DIR (or DATABASE_URL)';
  return `Glossa could not start: preparing the ${database === 'postgres' ? 'PostgreSQL' : 'SQLite'} database failed (${detail}). Check ${setting}.`;
}

async function main() {
  // Stack traces name the TypeScript sources when running the build (dist/ has the source maps).
  process.setSourceMapsEnabled(true);
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  let app;
  try {
    app = await buildApp(config);
  } catch (error) {
    console.error(describeStartupFailure(error, config.database.kind));
    process.exit(1);
  }
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  // The review writer's thread takes a few tenths of a second to start: not on the first answer.
  app.deps.reviewWriter.warmUp().catch((error: unknown) => {
    app.log.error({ err: error }, 'the review writer could not start; the first answer retries');
  });
  app.log.info(
    `Glossa is running at ${config.publicUrl} (${config.database.kind === 'sqlite' ? `SQLite ${config.database.file}` : 'PostgreSQL'}, mail ${config.smtpUrl ? 'via SMTP' : `to ${config.dataDir}/outbox`})`,
  );
}

await main();
