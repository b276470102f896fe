import type { CliIo } from '../cli/io';

/** A {@link CliIo} for tests: what a command writes is kept in `stdout` and `stderr`; not a TTY. */
export type CapturedIo = CliIo & { stdout: string; stderr: string };

/** A fresh {@link CapturedIo} whose relative paths resolve against `cwd`. */
export function captureIo(cwd: string): CapturedIo {
  const o: CapturedIo = {
    stdout: '',
    stderr: '',
    errIsTTY: false,
    cwd,
    out: (t) => void (o.stdout += t),
    err: (t) => void (o.stderr += t),
  };
  return o;
}
