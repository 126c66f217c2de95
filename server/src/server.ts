/** Starts Waymark: read config, open and prepare the database, listen, shut down gracefully. */
import path from 'node:path';
import { openDatabase } from '../../db/client';
import { buildApp } from './app';
import { bootstrap } from './bootstrap';
import { ConfigError, loadConfig } from './config/env';

async function main() {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') },
  );
  const { sessionSecret, generatedAdmin } = await bootstrap(database, config);
  const app = await buildApp({ config, database, sessionSecret });

  if (generatedAdmin) {
    // Printed once: the password is not stored anywhere in clear.
    app.log.warn(`First admin created: ${generatedAdmin.email} / ${generatedAdmin.password} (change it after signing in)`);
  }

  let isClosing = false;
  const shutdown = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    app.log.info(`${signal} received, closing`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Waymark is running at ${config.publicUrl}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
