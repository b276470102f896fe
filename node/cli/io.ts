/** Where a CLI command writes and what it knows of its terminal (injectable for tests). */
export interface CliIo {
  /** Writes to stdout (the command's result). */
  out(text: string): void;
  /** Writes to stderr (progress, warnings, errors). */
  err(text: string): void;
  /** stderr is a terminal: show `\r` progress lines. */
  errIsTTY: boolean;
  /** Folder that relative paths resolve against. */
  cwd: string;
}

/** The process's real stdout/stderr. */
export function processIo(): CliIo {
  return {
    out: (t) => void process.stdout.write(t),
    err: (t) => void process.stderr.write(t),
    errIsTTY: process.stderr.isTTY === true,
    cwd: process.cwd(),
  };
}
