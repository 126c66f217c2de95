/** Starts Waymark: read config, open and prepare the database, listen, shut down gracefully. */
import path from 'node:path';
import { openDatabase } from '@db/client';
import { buildApp } from './app';
import { bootstrap } from './bootstrap';
import { ConfigError, loadConfig } from './config/env';
import { claimDataDir } from './modules/backup/live-data-dir';
import { startEmbeddedMaintenance } from './modules/maintenance/embedded-maintenance';
import { offlineGazetteer, warmGazetteer } from './modules/maps/gazetteer';
import { backfillTipLocations, unlocatedCount } from './modules/maps/location-backfill';
import { createTipLocator } from './modules/maps/tip-locator';

/** Longest wait for requests in flight after the drain; orchestrators usually kill at 30 s. */
const SHUTDOWN_DEADLINE_MS = 20_000;

async function main() {
  const config = loadConfig();
  // `npm run backup` reads the embedded database through the server that has it open (ADR 119).
  // Listening comes first: a second server on this DATA_DIR stops here, before opening the database.
  const liveDataDir = config.databaseUrl
    ? undefined
    : await claimDataDir(config.dataDir, (error) => console.error('a backup could not copy the database:', error));
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') },
  );
  liveDataDir?.attach(database);
  const { sessionSecret, generatedAdmin } = await bootstrap(database, config);
  const app = await buildApp({ config, database, sessionSecret });
  // PostgreSQL vacuums and analyzes itself; PGlite has no autovacuum (ADR 021).
  const maintenance = database.kind === 'pglite' ? startEmbeddedMaintenance({ database, log: app.log }) : undefined;

  if (generatedAdmin) {
    // Printed once: the password is not stored anywhere in clear.
    app.log.warn(`First admin created: ${generatedAdmin.email} / ${generatedAdmin.password} (change it after signing in)`);
  }

  // Shutdown order (ADR 014): stop accepting connections and let the requests in
  // flight finish (Fastify answers 503 to new requests on kept-alive connections meanwhile); live
  // streams are ended in preClose and the LISTEN is stopped in onClose; then the database closes.
  // A request that never ends must not keep the process alive forever: hence the deadline.
  let isClosing = false;
  const shutdown = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    app.log.info(`${signal} received, closing`);
    // A proxy's checks see 503 on /api/ready and stop sending requests here first (ADR 114).
    app.readiness.drain();
    if (config.shutdownDrainMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    const deadline = setTimeout(() => {
      app.log.error(`still closing after ${SHUTDOWN_DEADLINE_MS} ms; exiting anyway`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    try {
      await app.close();
      await liveDataDir?.close();
      await maintenance?.stop();
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, 'closing failed');
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Waymark is running at ${config.publicUrl}`);
  // E-mails and digests (ADR 091); app.close() stops it before the database closes.
  app.jobRunner.start();
  void placeOldTips();

  /** After listen: the gazetteer loads (so the first tip form does not wait), then old tips get places. */
  async function placeOldTips() {
    try {
      await warmGazetteer();
      if ((await unlocatedCount(database.db)) === 0) return;
      const locator = createTipLocator(offlineGazetteer);
      const placed = await backfillTipLocations({ db: database.db, locator, isStopped: () => isClosing });
      app.log.info(`placed ${placed} earlier tips on the map`);
    } catch (error) {
      // The map misses those tips until the next start; nothing else depends on it.
      app.log.error({ err: error }, 'placing earlier tips failed');
    }
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
