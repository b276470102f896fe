import type { ErrorName } from '../../core/errors';

/**
 * A command line the CLI cannot run (unknown command or flag, missing or bad argument): exit 1.
 * In its own file so that the CLI's entry (and `args.ts`) can throw it without loading the help
 * texts of ./usage.ts, which import the export formats and name tokens (issue #9: `acsound list`
 * loads only what it runs).
 */
export class UsageError extends Error {
  override name: ErrorName = 'UsageError';
  /** The command whose usage to print, or null for the general usage. */
  constructor(
    message: string,
    readonly command: string | null = null,
  ) {
    super(message);
  }
}
