/**
 * The import boundaries of eslint.config.js (ADR 038) fire: for each zone, one import it allows and
 * one it refuses, linted in memory with the repo's own config. Only the two boundary rules run, and
 * without type information, so the whole file takes a second or two rather than a full lint.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const BOUNDARY_RULES = new Set(['import-x/no-restricted-paths', 'no-restricted-imports']);

const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: path.join(root, 'eslint.config.js'),
  // The snippets are not files on disk: parse them without the TypeScript project.
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
  ruleFilter: ({ ruleId }) => BOUNDARY_RULES.has(ruleId),
});

/** The boundary problems of `import ... from '<source>'` written in `file` (relative to the repo). */
async function boundaryProblems(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import * as imported from '${source}';\nexport { imported };\n`, {
    filePath: path.join(root, file),
  });
  const messages = result?.messages ?? [];
  // A parse error or an unresolved config would hide a refusal: fail loudly instead.
  expect(messages.filter((m) => m.ruleId === null)).toEqual([]);
  return messages.map((m) => `${m.ruleId}: ${m.message}`);
}

// Loading the config, the plugins and the TypeScript resolver takes a few seconds on a busy machine:
// once, here, not inside the first test's time limit.
beforeAll(() => boundaryProblems('common/new.ts', '@common/limits'), 30_000);

async function expectAllowed(file: string, source: string) {
  expect(await boundaryProblems(file, source), `${file} may import ${source}`).toEqual([]);
}

async function expectRefused(file: string, source: string, rule = 'import-x/no-restricted-paths') {
  const problems = await boundaryProblems(file, source);
  expect(problems, `${file} must not import ${source}`).toHaveLength(1);
  expect(problems[0]).toMatch(new RegExp(`^${rule}: `));
}

describe('package boundaries', () => {
  it('common/ imports nothing of ours', async () => {
    await expectAllowed('common/new.ts', '@common/limits');
    await expectAllowed('common/new.ts', 'zod');
    await expectRefused('common/new.ts', '@server/lib/errors');
    await expectRefused('common/new.ts', '@db/schema');
    await expectRefused('common/new.ts', '@/lib/utils');
    await expectRefused('common/new.ts', '../scripts/start');
    await expectRefused('common/new.ts', '../bench/index');
  });

  it('db/ imports only common/', async () => {
    await expectAllowed('db/new.ts', '@common/limits');
    await expectAllowed('db/new.ts', './schema');
    await expectRefused('db/new.ts', '@server/lib/errors');
    await expectRefused('db/new.ts', '../server/src/bootstrap');
    await expectRefused('db/new.ts', '@/lib/utils');
  });

  it('server/ never imports web/', async () => {
    await expectAllowed('server/src/new.repository.ts', '@db/schema');
    await expectAllowed('server/src/new.ts', '@common/limits');
    await expectRefused('server/src/new.ts', '@/lib/utils');
    await expectRefused('server/src/new.ts', '../../web/src/lib/utils');
  });

  it('server/src/ never imports server/test/, but its tests may', async () => {
    await expectAllowed('server/src/modules/tips/new.api.test.ts', '@server-test/test-app');
    await expectAllowed('server/src/modules/tips/new.test.ts', '../../../test/test-uploads');
    await expectRefused('server/src/modules/tips/new.service.ts', '@server-test/recording-mailer');
    await expectRefused('server/src/new.ts', '../test/test-app');
  });

  it('web/ never imports server/ or db/', async () => {
    await expectAllowed('web/src/lib/new.ts', '@common/limits');
    await expectRefused('web/src/lib/new.ts', '@server/lib/errors');
    await expectRefused('web/src/lib/new.ts', '@db/schema');
  });

  it('scripts/ may use the server (the demo data lives there for that reason)', async () => {
    await expectAllowed('scripts/new.ts', '@server/bootstrap');
  });
});

describe('client layers', () => {
  // One real module per feature folder (a feature without one has nothing to import).
  const featuresDir = path.join(root, 'web/src/features');
  const features = readdirSync(featuresDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({ name: entry.name, module: firstModule(path.join(featuresDir, entry.name)) }))
    .filter((f): f is { name: string; module: string } => f.module !== undefined);

  it('has a feature module to import for at least two features', () => {
    expect(features.length).toBeGreaterThanOrEqual(2);
  });

  it('a feature imports itself but no other feature, by alias or by relative path', async () => {
    for (const [i, feature] of features.entries()) {
      const other = features[(i + 1) % features.length]!;
      const file = `web/src/features/${feature.name}/components/new.tsx`;
      await expectAllowed(file, `@/features/${feature.name}/${feature.module}`);
      await expectRefused(file, `@/features/${other.name}/${other.module}`);
      await expectRefused(file, `../../${other.name}/${other.module}`);
    }
  });

  it('lib/ and components/ import no feature and not app/', async () => {
    const [feature] = features;
    await expectAllowed('web/src/lib/new.ts', '@/components/ui/button');
    await expectAllowed('web/src/components/new.tsx', '@/lib/utils');
    await expectRefused('web/src/lib/new.ts', `@/features/${feature!.name}/${feature!.module}`);
    await expectRefused('web/src/components/new.tsx', `@/features/${feature!.name}/${feature!.module}`);
    await expectRefused('web/src/lib/new.ts', '@/app/router');
    await expectRefused('web/src/components/new.tsx', '@/app/router');
  });

  it('eagerly loaded lib/ and layout code import no zod schema, but may import its types', async () => {
    await expectAllowed('web/src/lib/new.ts', '@common/texts');
    await expectAllowed('web/src/features/tips/new.ts', '@common/schemas/tip');
    await expectRefused('web/src/lib/new.ts', '@common/schemas/connection', 'no-restricted-imports');
    await expectRefused('web/src/components/layout/new.tsx', 'zod', 'no-restricted-imports');
    const [typeOnly] = await eslint.lintText("import type { Tip } from '@common/schemas/tip';\nexport type { Tip };\n", {
      filePath: path.join(root, 'web/src/lib/new.ts'),
    });
    expect(typeOnly?.messages).toEqual([]);
  });

  it('app/ composes features, and no feature imports app/', async () => {
    const [feature] = features;
    await expectAllowed('web/src/app/routes/new.tsx', `@/features/${feature!.name}/${feature!.module}`);
    await expectRefused(`web/src/features/${feature!.name}/new.ts`, '@/app/router');
  });
});

describe('server layers', () => {
  const routes = 'server/src/modules/tips/new.routes.ts';

  it('a route calls its service, never a repository', async () => {
    await expectAllowed(routes, './tips.service');
    await expectRefused(routes, './tips.repository', 'no-restricted-imports');
    await expectRefused(routes, '@server/modules/guides/guides.repository', 'no-restricted-imports');
  });

  it('a route never touches the database', async () => {
    await expectRefused(routes, '@db/client', 'no-restricted-imports');
    await expectRefused(routes, '@db/schema', 'no-restricted-imports');
    await expectRefused(routes, 'drizzle-orm', 'no-restricted-imports');
    await expectRefused(routes, 'pg', 'no-restricted-imports');
  });

  it('a service calls its repository', async () => {
    await expectAllowed('server/src/modules/tips/new.service.ts', './tips.repository');
    await expectAllowed('server/src/modules/tips/new.service.ts', '@db/client');
  });

  it('in server/src only repositories, tests and the named exceptions import the database layer', async () => {
    const service = 'server/src/modules/tips/new.service.ts';
    for (const source of ['drizzle-orm', 'drizzle-orm/pg-core', '@db/schema', '@db/rows', '../../../../db/schema']) {
      await expectRefused(service, source, 'no-restricted-imports');
    }
    await expectRefused('server/src/lib/new.ts', 'drizzle-orm', 'no-restricted-imports');
    await expectAllowed('server/src/modules/tips/new.repository.ts', 'drizzle-orm');
    await expectAllowed('server/src/modules/tips/new.repository.ts', '@db/schema');
    await expectAllowed('server/src/modules/tips/new.api.test.ts', '@db/schema');
    await expectAllowed('server/test/new.ts', '@db/rows');
    await expectAllowed('db/new.ts', 'drizzle-orm');
    await expectAllowed('scripts/new.ts', '@db/schema');
    await expectAllowed('bench/new.ts', 'drizzle-orm');
    await expectAllowed('server/src/lib/keyset.ts', 'drizzle-orm');
  });
});

/** A module of the folder, as an import path without extension ('api/create-tip'). */
function firstModule(dir: string): string | undefined {
  const file = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !f.includes('.test.'))
    .sort()[0];
  return file?.replace(/\.tsx?$/, '');
}
