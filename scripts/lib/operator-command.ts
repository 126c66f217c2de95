/**
 * The frame of an operator's command (media:move, backup, restore): the settings the server reads,
 * validated the same way, and an exit code. 2: bad usage or settings; 1: the work failed (its
 * message, without a stack); else what `run` returns.
 */
import { type Config, ConfigError, loadConfig } from '@server/config/env';

export class UsageError extends Error {}

export function runOperatorCommand(run: (config: Config) => Promise<number>): void {
  const main = async () => {
    try {
      return await run(loadConfig(process.env));
    } catch (error) {
      if (!(error instanceof ConfigError) && !(error instanceof UsageError)) throw error;
      console.error(error.message);
      return 2;
    }
  };
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}

/** The one file argument after `--`, or a usage error. */
export function fileArgument(usage: string): string {
  const [file, ...rest] = process.argv.slice(2);
  if (!file || rest.length > 0) throw new UsageError(`Usage: ${usage}`);
  return file;
}
