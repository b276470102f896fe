/**
 * The empty-list text of a graph list (Creatures, Effects) on a truncated dat: when the sound
 * graph lost part of the kind's id range with the file's missing tail (GraphStatus `warnings`,
 * core/graph buildGraph: `Setups 0x02000000–0x0200FFFF cannot be listed: …`), an empty list is
 * not "this dat has none" — it says which ids could not be read.
 */

/**
 * The line for an empty list of `what` (e.g. "creatures") whose objects are of `kind` (the
 * warnings' plural, e.g. "Setups"), or null when no warning names that kind.
 */
export function lostRangeNote(warnings: readonly string[] | undefined, kind: string, what: string): string | null {
  const lost = (warnings ?? []).filter((w) => w.startsWith(`${kind} 0x`));
  if (lost.length === 0) return null;
  const ranges = lost.map((w) => w.slice(kind.length + 1, w.indexOf(' cannot be listed')));
  return `No ${what} could be listed: ${kind} ${ranges.join(', ')} could not be read (the file looks truncated).`;
}
