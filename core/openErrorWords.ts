/**
 * The words of a failed open of a dat, one definition for every front end: the app's banner
 * (renderer/src/components/Banners.tsx) and the CLI's error lines (node/cli/exitCodes.ts
 * `reportError`). Chosen by the error's `kind` (./errors.ts `ErrorKind`, carried across every
 * transport), never by its message: a dat path that is a folder, FIFO, device or socket
 * (`not-a-dat-file`) says so in plain words and what to do; any other error is
 * `Could not open the dat <path>: <its plain words>`. The error's own report stays whole for
 * "Copy details" and the CLI's `--json` record (README "The CLI", docs/ui-contract.md "Open error bar").
 */
import type { UserError } from './errors';

/** The first line and, for a kind the front ends know, a hint under it. */
export interface OpenErrorWords {
  head: string;
  hint: string | null;
}

/** The head of a `not-a-dat-file` open error, before the path. */
export const NOT_A_DAT_FILE_HEAD = "This is not an Asheron's Call dat file:";

/** The hint under {@link NOT_A_DAT_FILE_HEAD}: what the path is and what to open instead. */
export const NOT_A_DAT_FILE_HINT =
  "It is a folder (or a device or pipe), not a file. Open the dat file itself, such as client_portal.dat in the game's folder.";

/**
 * The words of a failed open of `path` (null: the demo dat; the app shows it whole, the CLI
 * shortened as its other lines do) whose error is `error` (./errors.ts `userError`: its plain
 * words and kind).
 */
export function openErrorWords(error: Pick<UserError, 'text' | 'kind'>, path: string | null): OpenErrorWords {
  const at = path ? ` ${path}` : '';
  if (error.kind === 'not-a-dat-file') return { head: `${NOT_A_DAT_FILE_HEAD}${at}`, hint: NOT_A_DAT_FILE_HINT };
  return { head: `Could not open the dat${at}: ${error.text}`, hint: null };
}
