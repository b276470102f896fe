/**
 * How every front end shows a long path in a one-line message: the CLI's error lines, the file
 * system's error messages (node/errors `IoError`) and the app's failed-open banner
 * (renderer/src/components/Banners.tsx) — one rule, so a 5000-character path never pushes the
 * reason out of sight. The whole path stays in the error's details ("Copy details", `--json`;
 * README "Exit codes", docs/ui-contract.md "Open error bar").
 */

/** The longest path a message shows whole (characters); {@link shortPath} shortens longer ones. */
export const MESSAGE_PATH_MAX = 120;

/**
 * `path` as a message shows it: whole up to {@link MESSAGE_PATH_MAX} characters, else its start
 * and its end (where the file name is) around `…`, {@link MESSAGE_PATH_MAX} characters in all.
 */
export function shortPath(path: string): string {
  const chars = Array.from(path); // code points: never half a surrogate pair
  if (chars.length <= MESSAGE_PATH_MAX) return path;
  const keep = MESSAGE_PATH_MAX - 1;
  const head = Math.floor(keep / 2);
  return chars.slice(0, head).join('') + '…' + chars.slice(chars.length - (keep - head)).join('');
}
