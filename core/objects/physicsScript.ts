/**
 * PhysicsScript ("PES", ids 0x33000000–0x3300FFFF): a timed list of hooks, started by spells,
 * PlayScript events, CallPES hooks and Setup default scripts.
 * Layout and order: docs/formats/sound-sources.md "PhysicsScript" (shared spec sound-sources §4).
 */
import { ByteWriter, ObjectReader } from '../binary';
import { MIN_HOOK_SIZE, readHook, writeHook } from './animationHooks';
import type { AnimationHook } from './animationHooks';
import { readRecords } from './counted';

/** One script entry: a hook and when it runs. The hook's direction is read but ignored by the client. */
export interface ScriptEntry {
  /** Seconds from the script's start, f64 as read. */
  startTime: number;
  hook: AnimationHook;
  /** Position of the entry in the file (0-based); the writer restores file order from it. */
  fileIndex: number;
}

/** A parsed PhysicsScript. */
export interface PhysicsScript {
  id: number;
  /**
   * Entries in the CLIENT's order: sorted by `startTime`, stable (ties keep file order) — the
   * order the hooks run in. `fileIndex` gives each entry's position on disk.
   */
  entries: ScriptEntry[];
}

/** Smallest entry: f64 time + hook header. */
const MIN_ENTRY = 8 + MIN_HOOK_SIZE;

/**
 * Entries sorted by start time, stable (sound-sources §4.2: the client sorts after unpacking; its
 * comparator leaves ties undefined, we keep file order).
 */
export function sortScriptEntries(entries: readonly ScriptEntry[]): ScriptEntry[] {
  return entries
    .map((e, i) => ({ e, i }))
    .sort((a, b) => a.e.startTime - b.e.startTime || a.i - b.i)
    .map((x) => x.e);
}

/**
 * The script's length in seconds: the last (sorted) entry's start time, 0 for an empty script. A
 * script queued behind this one starts this long after it (sound-sources §4.2).
 */
export function physicsScriptLength(s: PhysicsScript): number {
  return s.entries.reduce((m, e) => Math.max(m, e.startTime), 0);
}

/**
 * Parses a PhysicsScript: id, u32 entry count, then per entry an f64 start time (at any 4-aligned
 * offset) and a hook (sound-sources §4.1). Entries are returned in the client's order.
 * @throws ObjectFormatError naming the object id, the script entry and the offset (truncation,
 *   an unknown hook type, a count too large, trailing bytes).
 */
export function parsePhysicsScript(bytes: Uint8Array): PhysicsScript {
  const r = new ObjectReader(bytes, null);
  const id = r.u32('object id');
  r.objectId = id;
  const fileOrder = readRecords(r, MIN_ENTRY, 'script entry', (i): ScriptEntry => {
    const startTime = r.f64(`script entry ${i} start time`);
    return { startTime, hook: readHook(r, `script entry ${i}`), fileIndex: i };
  });
  if (r.remaining !== 0) throw r.error(`${r.remaining} trailing bytes after the PhysicsScript`);
  return { id, entries: sortScriptEntries(fileOrder) };
}

/**
 * Serializes a PhysicsScript exactly as {@link parsePhysicsScript} reads it: entries are written
 * in `fileIndex` order, so `writePhysicsScript(parsePhysicsScript(b))` equals `b`.
 * @throws RangeError unless the `fileIndex` values are 0…n−1, each once.
 */
export function writePhysicsScript(s: PhysicsScript): Uint8Array {
  const ordered: ScriptEntry[] = new Array<ScriptEntry>(s.entries.length);
  for (const e of s.entries) {
    if (!Number.isInteger(e.fileIndex) || e.fileIndex < 0 || e.fileIndex >= ordered.length || ordered[e.fileIndex]) {
      throw new RangeError(
        `PhysicsScript 0x${s.id.toString(16)}: fileIndex values must be 0…${ordered.length - 1}, each once`,
      );
    }
    ordered[e.fileIndex] = e;
  }
  const w = new ByteWriter(64);
  w.u32(s.id);
  w.u32(ordered.length);
  for (const e of ordered) {
    w.f64(e.startTime);
    writeHook(w, e.hook);
  }
  return w.finish();
}
