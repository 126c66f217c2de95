/** The rule for commit subjects (issue 20): at most 72 characters, so `git log --oneline` fits. */
export const MAX_SUBJECT = 72;

export interface Commit {
  hash: string;
  subject: string;
}

/** Parses `git log --format=%h%x09%s` output. */
export function parseLog(log: string): Commit[] {
  return log
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const tab = line.indexOf('\t');
      return tab < 0 ? { hash: line, subject: '' } : { hash: line.slice(0, tab), subject: line.slice(tab + 1) };
    });
}

/** Commits whose subject is longer than `max` characters (counted as code points, not bytes). */
export function longSubjects(commits: Commit[], max = MAX_SUBJECT): Commit[] {
  return commits.filter((commit) => [...commit.subject].length > max);
}

/** The `git log` range to check: since `base` when the clone has it, else every commit there is. */
export function logRange(base: string, hasBase: boolean): string {
  return hasBase ? `${base}..HEAD` : 'HEAD';
}
