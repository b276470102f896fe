/**
 * A seed field (role spinbutton): the one seed rule of every seed the user types (the SoundTable
 * view's Seed, the Soundscape's seed) — core/engine `nearestSeed` in `SEED_RANGE` (0…4294967295,
 * whole numbers), said in the field's hint when a typed value is not used as typed.
 */
import { nearestSeed, SEED_RANGE } from '../../../core/engine';
import { NumberField } from './NumberField';

export function SeedField({ label, value, onCommit }: { label: string; value: number; onCommit(v: number): void }) {
  return (
    <NumberField
      label={label}
      className="seed-field"
      value={value}
      min={SEED_RANGE.min}
      max={SEED_RANGE.max}
      digits={3}
      normalize={nearestSeed}
      rangeText={`${SEED_RANGE.min}…${SEED_RANGE.max}, whole numbers`}
      onCommit={onCommit}
    />
  );
}
