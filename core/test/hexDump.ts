/**
 * Bytes from a hex dump as printed in docs/formats (and the shared spec §10): optional
 * `0000:` / `+00:` offset labels, hex byte pairs, and trailing prose after two spaces or `|` are
 * ignored. Used by the worked-example tests, so the bytes in the tests are the bytes in the docs.
 */
export function hexDump(dump: string): Uint8Array {
  const out: number[] = [];
  for (const raw of dump.split('\n')) {
    let line = raw.trim();
    if (!line) continue;
    line = line.replace(/^\+?[0-9A-Fa-f]+:\s*/, '');
    const m = /^((?:[0-9A-Fa-f]{2}(?: |$))+)/.exec(line + ' ');
    if (!m) continue;
    for (const b of m[1]!.trim().split(/\s+/)) out.push(parseInt(b, 16));
  }
  return Uint8Array.from(out);
}
