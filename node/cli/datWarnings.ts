import type { CliIo } from './io';

/**
 * The dat's warnings on stderr, as `list` and `census` both print them (QA #10: census was
 * silent where list warned): each of the summary's warnings (a truncated file, an entry count
 * that could not be made, lost id ranges: `DatSummary.warnings`, what both put in their --json
 * `"warnings"`) as `warning: …`, then how many objects did not parse.
 * @param unparsed the Waves and SoundTables that did not parse
 */
export function printDatWarnings(io: CliIo, warnings: readonly string[], unparsed: number): void {
  for (const w of warnings) io.err(`warning: ${w}\n`);
  if (unparsed > 0) io.err(`warning: ${unparsed} object(s) did not parse; they are listed with their error\n`);
}
