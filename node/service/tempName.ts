/**
 * The unique part of our temp file names (`<pid>.<8 hex digits>`): the atomic writes' temp files
 * (./atomicWrite.ts), the export folder's probes (./exportDir.ts) and the entry-count cache's temp
 * file (./entryCountCache.ts). Unique, not secret: every such file is created exclusively (`wx`,
 * `mkdir`), so a clash is a failed write, never a clobbered file. `Math.random`, not node:crypto
 * nor Web Crypto: loading either took milliseconds of a CLI run (issue #9). No imports: the `list`
 * bundle loads it.
 */
export function tempSuffix(): string {
  return `${process.pid}.${Math.floor(Math.random() * 0x100000000)
    .toString(16)
    .padStart(8, '0')}`;
}
