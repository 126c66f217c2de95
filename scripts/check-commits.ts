/**
 * `npm run check:commits [-- --base REV]`: fails when a commit subject since REV (default
 * a756930, the last commit before the rule) is longer than 72 characters, naming each one.
 * A shallow clone that lacks REV checks every commit it has.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import { logRange, longSubjects, MAX_SUBJECT, parseLog } from './lib/commit-subjects';

const RULE_BASE = 'a756930';
const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const base = args[0] === '--base' && args[1] ? args[1] : RULE_BASE;

const hasBase = spawnSync('git', ['cat-file', '-e', `${base}^{commit}`], { cwd: root }).status === 0;
if (!hasBase) console.log(`${base} is not in this clone (shallow?): checking every commit there is.`);
const range = logRange(base, hasBase);
const commits = parseLog(execFileSync('git', ['log', '--format=%h%x09%s', range], { cwd: root, encoding: 'utf8' }));
const offenders = longSubjects(commits);

for (const { hash, subject } of offenders) {
  console.log(`${hash} (${[...subject].length} characters): ${subject}`);
}
console.log(
  offenders.length === 0
    ? `check:commits: ${commits.length} subjects in ${range}, none over ${MAX_SUBJECT} characters`
    : `check:commits: ${offenders.length} of ${commits.length} subjects in ${range} are over ${MAX_SUBJECT} characters`,
);
process.exit(offenders.length === 0 ? 0 : 1);
