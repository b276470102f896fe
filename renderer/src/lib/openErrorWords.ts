/**
 * The words of the banner of a failed open (components/Banners.tsx): by the error's `kind` (core/errors
 * `ErrorKind`, carried across every transport), never by its message. A dat path that is a folder,
 * FIFO, device or socket (`not-a-dat-file`) says so in plain words and what to do; any other error
 * is `Could not open the dat <path>: <its plain words>`. "Copy details" keeps the error's report.
 */
import type { UserError } from '../bridge';

/** The banner's first line and, for a kind the app knows, a hint under it. */
export interface OpenErrorWords {
  head: string;
  hint: string | null;
}

/** `path`: the path whose open failed (null: the demo dat). */
export function openErrorWords(error: UserError, path: string | null): OpenErrorWords {
  const at = path ? ` ${path}` : '';
  if (error.kind === 'not-a-dat-file')
    return {
      head: `This is not an Asheron's Call dat file:${at}`,
      hint: "It is a folder (or a device or pipe), not a file. Open the dat file itself, such as client_portal.dat in the game's folder.",
    };
  return { head: `Could not open the dat${at}: ${error.text}`, hint: null };
}
