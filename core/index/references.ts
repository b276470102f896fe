/**
 * Who names whom: the dat's references between objects, indexed by the object referenced.
 *
 * Today the one kind is a SoundTable row naming a Wave (dat-format §6). The sound graph of
 * issue #7 adds its kinds here as more members of {@link Reference} — an Animation's Sound /
 * SoundTweaked hook (frame), a PhysicsScript's hook, a Setup's DefaultSoundTable field, a Region's
 * ambient set — each with `kind` (the kind of the referring object), `from` and `to`; every
 * "used by" list and count is then `references.to(id)` / `count(id)`, whatever the kinds.
 */
import type { Shared, SoundTypeSummary, WaveUsage } from '../contract';
import type { ObjectReference, ReferenceKind } from '../graph/types';

/** A SoundTable row (entry `entryIndex` of sound type `soundType`) naming Wave `to`. */
export interface SoundTableRowReference {
  kind: 'SoundTable';
  /** The SoundTable's dat entry id. */
  from: number;
  /** The Wave id the row names (as stored: it may be 0 or missing from the dat). */
  to: number;
  soundType: number;
  /** Sound enum name of `soundType` (dat-format §6). */
  name: string;
  /** The row's index within its sound type, file order. */
  entryIndex: number;
}

/**
 * A reference of the sound graph (core/graph): a Setup field, an Animation or PhysicsScript
 * hook, a MotionTable's Animation, a PhysicsScriptTable's script, a Region ambient set.
 */
export type GraphReference = ObjectReference & { kind: Exclude<ReferenceKind, 'SoundTable'> };

/** One reference between two dat objects (see the module comment). */
export type Reference = SoundTableRowReference | GraphReference;

/** References grouped by the object referenced, each list in the order they were added. */
export class ReferenceIndex {
  private readonly byTarget = new Map<number, Reference[]>();

  add(ref: Reference): void {
    const to = ref.to >>> 0;
    let list = this.byTarget.get(to);
    if (!list) this.byTarget.set(to, (list = []));
    list.push(ref);
  }

  /** Every reference to `id`, in the order added (empty when nothing names it). */
  to(id: number): readonly Reference[] {
    return this.byTarget.get(id >>> 0) ?? [];
  }

  /** How many references name `id` (its "used by" count). */
  count(id: number): number {
    return this.byTarget.get(id >>> 0)?.length ?? 0;
  }

  /** The ids referenced at least once. */
  targets(): IterableIterator<number> {
    return this.byTarget.keys();
  }
}

/** What {@link soundTableReferences} needs of a SoundTable: a listing row or a detail. */
export interface TableSounds {
  id: number;
  sounds: readonly Shared<SoundTypeSummary>[];
}

/**
 * Adds every row of `tables` as a reference to its Wave: tables in the order given (the lists
 * are ascending by id), sound types and rows in file order.
 */
export function addSoundTableReferences(refs: ReferenceIndex, tables: readonly TableSounds[]): ReferenceIndex {
  for (const t of tables) {
    for (const s of t.sounds) {
      s.entries.forEach((e, entryIndex) =>
        refs.add({ kind: 'SoundTable', from: t.id, to: e.waveId, soundType: s.soundType, name: s.name, entryIndex }),
      );
    }
  }
  return refs;
}

/** The references of the rows of `tables` (see {@link addSoundTableReferences}). */
export function soundTableReferences(tables: readonly TableSounds[]): ReferenceIndex {
  return addSoundTableReferences(new ReferenceIndex(), tables);
}

/** Where a Wave is used, as the contract's {@link WaveUsage} rows: one per SoundTable row naming it. */
export function waveUsageOf(refs: ReferenceIndex, waveId: number): WaveUsage[] {
  return refs
    .to(waveId)
    .filter((r) => r.kind === 'SoundTable')
    .map((r) => ({ tableId: r.from, soundType: r.soundType, name: r.name, entryIndex: r.entryIndex }));
}
