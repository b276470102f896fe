/**
 * The words of a failed open of a dat, one definition for every front end: the app's banner
 * (renderer/src/components/Banners.tsx) and the CLI's error lines (node/cli/exitCodes.ts
 * `reportError`). Chosen by the error's `kind` (./errors.ts `ErrorKind`, carried across every
 * transport), never by its message: a dat path that is a folder, FIFO, device or socket
 * (`not-a-dat-file`) says so in plain words and what to do; any other error is
 * `Could not open the dat <path>: <its plain words>`, the path said once ({@link withoutPath}). The error's own report stays whole for
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
  return { head: `Could not open the dat${at}: ${path ? withoutPath(error.text, path) : error.text}`, hint: null };
}

/**
 * An I/O error's words for a line that already names `path` (the open error's head): the file
 * system's messages quote the path they failed on (node/errors `wrapIoError`: `cannot open
 * "/x/client_portal.dat": no such file or directory (ENOENT)`, shortened around `…` past 120
 * characters). `cannot open "<path>": ` goes (the head says it), any other quote of it is "it"
 * (`cannot read the size of it: …`); quotes of other paths stay.
 */
export function withoutPath(text: string, path: string): string {
  const isPath = (quoted: string): boolean => {
    if (quoted === path) return true;
    const cut = quoted.indexOf('…');
    return cut >= 0 && path.startsWith(quoted.slice(0, cut)) && path.endsWith(quoted.slice(cut + 1));
  };
  const open = /^cannot open "([^"]*)": /.exec(text);
  const rest = open && isPath(open[1]!) ? text.slice(open[0].length) : text;
  return rest.replace(/"([^"]*)"/g, (whole, quoted: string) => (isPath(quoted) ? 'it' : whole));
}
