/**
 * PhysicsScriptTable (ids 0x34000000–0x3400FFFF): maps a PlayScript type and an intensity ("mod")
 * to a PhysicsScript. Layout and lookup: docs/formats/sound-sources.md "PhysicsScriptTable"
 * (shared spec sound-sources §5).
 */
import { ByteWriter, FLOAT32_LE, ObjectReader, UINT32_LE, struct } from '../binary';
import type { TokenValue } from '../binary';
import { readList, readRecords, writeList, writeRecords } from './counted';

/** One (mod, script) pair, 8 bytes: f32 intensity threshold, u32 PhysicsScript DID. */
export const SCRIPT_AND_MOD = struct({ mod: FLOAT32_LE, scriptId: UINT32_LE });
export type ScriptAndMod = TokenValue<typeof SCRIPT_AND_MOD>;

/** The scripts of one PlayScript type, ascending by `mod` in real data (the lookup relies on it). */
export interface ScriptTypeEntry {
  /** PlayScript type (u32, e.g. 0x4B SwapHealth_Yellow_To_Red). */
  type: number;
  scripts: ScriptAndMod[];
}

/** A parsed PhysicsScriptTable; `types` in file order (a repeated type: the first one counts). */
export interface PhysicsScriptTable {
  id: number;
  types: ScriptTypeEntry[];
}

/**
 * Parses a PhysicsScriptTable: id, u32 type count, then per type: u32 type, u32 n, n × (f32 mod,
 * u32 script). No padding (sound-sources §5.1). Strict: counts checked before allocation, no
 * trailing bytes; size = 8 + Σ (8 + 8n).
 * @throws ObjectFormatError naming the object id, the type entry and the offset.
 */
export function parsePhysicsScriptTable(bytes: Uint8Array): PhysicsScriptTable {
  const r = new ObjectReader(bytes, null);
  const id = r.u32('object id');
  r.objectId = id;
  const types = readRecords(r, 8, 'script type', (i): ScriptTypeEntry => {
    const type = r.u32(`script type ${i} key`);
    return { type, scripts: readList(r, SCRIPT_AND_MOD, `script type ${i} (0x${type.toString(16)}) script`) };
  });
  if (r.remaining !== 0) throw r.error(`${r.remaining} trailing bytes after the PhysicsScriptTable`);
  return { id, types };
}

/** Serializes a PhysicsScriptTable exactly as {@link parsePhysicsScriptTable} reads it. */
export function writePhysicsScriptTable(t: PhysicsScriptTable): Uint8Array {
  const w = new ByteWriter(64);
  w.u32(t.id);
  writeRecords(w, t.types, (e) => {
    w.u32(e.type);
    writeList(w, SCRIPT_AND_MOD, e.scripts);
  });
  return w.finish();
}

/**
 * The script the client plays for PlayScript `type` at intensity `mod` (client
 * `PhysicsScriptTable::GetScript`, sound-sources §5.2): the first entry of that type whose
 * `mod ≥ requested`; null when the type is absent or `mod` is above every entry.
 * E.g. entries (0.0 → A, 0.5 → B, 1.0 → C): 0 → A, 0.3 → B, 0.5 → B, 0.7 → C, 1.2 → null.
 */
export function getScript(t: PhysicsScriptTable, type: number, mod: number): number | null {
  const entry = t.types.find((e) => e.type === type >>> 0);
  if (!entry) return null;
  for (const s of entry.scripts) if (!(mod > s.mod)) return s.scriptId;
  return null;
}

/** Every distinct PhysicsScript id the table references, ascending. */
export function scriptTableScriptIds(t: PhysicsScriptTable): number[] {
  const ids = new Set<number>();
  for (const e of t.types) for (const s of e.scripts) ids.add(s.scriptId >>> 0);
  return [...ids].sort((a, b) => a - b);
}
