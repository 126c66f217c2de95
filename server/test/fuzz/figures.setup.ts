/**
 * Each fuzz file runs in a worker of its own; this collects their per-file figures (written as
 * JSON to a directory shared through `provide`) and prints the run's total once at the end.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    fuzzFiguresDir: string;
  }
}

export interface FuzzFigures {
  routes: number;
  requests: number;
  serverErrors: number;
  /** Of serverErrors, those listed in known-failures.ts (not failing the run, to be fixed). */
  knownServerErrors: number;
}

export default function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'waymark-fuzz-'));
  project.provide('fuzzFiguresDir', dir);
  return () => {
    const total: FuzzFigures = { routes: 0, requests: 0, serverErrors: 0, knownServerErrors: 0 };
    for (const file of readdirSync(dir)) {
      const f = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as FuzzFigures;
      total.routes += f.routes;
      total.requests += f.requests;
      total.serverErrors += f.serverErrors;
      total.knownServerErrors += f.knownServerErrors;
    }
    console.log(
      `fuzz: ${total.routes} routes, ${total.requests} requests, ${total.serverErrors} 5xx (${total.knownServerErrors} known, see server/test/fuzz/known-failures.ts)`,
    );
    rmSync(dir, { recursive: true, force: true });
  };
}
