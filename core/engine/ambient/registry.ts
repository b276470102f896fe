/**
 * The ambient sounds registered by the land cells around the listener (the client's `Ambient`
 * sound list and `total_sound_count`; MAG `PORTAL/sound/Ambient.c`: `InitSounds` 384340,
 * `AddSound` 384361, `GetSound` 384018, `IntermitSound::AddTo`/`AddDir` 384259/383797,
 * `ConstantSound::AddTo` 383962, `UpdateSound` 384199/384294; retail-engine §5.3).
 *
 * A sound is one AmbientSoundDesc of one ambient set, shared by every cell that uses the set.
 * Sounds are never removed: a rebuild zeroes their counts and re-adds the cells, so a sound
 * whose cells are gone stays listed, can no longer be heard, and leaves the queue at its next
 * deadline. All accumulators are float32, as in the client.
 */
import { AT_VIEWER_MIN, AT_VIEWER_ORDER, Octant, OCTANT_HALF_SPAN, octantOf } from './octant';
import type { AmbientSoundDesc, AmbientSTBDesc } from '../../objects/region';
import { AMBIENT_MAX_DIST_SQ, cellWeight, offsetLengthSq, type Offset3 } from './weight';

/** `Ambient::ambient_sound_min_vol`: a continuous sound whose weighted volume is below this is not played (float32 0.03). */
export const AMBIENT_MIN_VOLUME = Math.fround(0.03);

/** One registered direction of an intermittent sound, with its distance range in metres. */
export interface DirectionRange {
  dir: Octant;
  min: number;
  max: number;
}

/** One ambient sound as the scheduler tracks it (plain data; the UI may show it as is). */
export interface AmbientSoundState {
  /** Index of its set in `Region.ambientSets` (k). */
  setIndex: number;
  /** Index of its descriptor in the set's `sounds`. */
  soundIndex: number;
  desc: AmbientSoundDesc;
  /** The set's SoundTable DID. */
  soundTableId: number;
  /** `baseChance == 0` (sound-sources §6.4): a ConstantSound, else an IntermitSound. */
  continuous: boolean;
  /** Σ weight of the cells that registered it since the last rebuild (`sound_count`). */
  weight: number;
  /** Intermittent: base_chance × weight / total weight (`play_chance`); 0 for continuous sounds. */
  chance: number;
  /** Continuous: volume × weight / total weight (`current_volume`); intermittent: the descriptor volume. */
  volume: number;
  /** Intermittent: the directions its cells registered, in registration order (max 8). */
  directions: DirectionRange[];
  /** Whether a deadline is queued for it (`on_queue`). */
  onQueue: boolean;
}

/** Whether the sound can be heard now (`CanHear`): chance > 0, or a continuous volume ≥ 0.03. */
export function canHear(s: AmbientSoundState): boolean {
  return s.continuous ? s.volume >= AMBIENT_MIN_VOLUME : s.chance > 0;
}

/** `IntermitSound::AddDir`: a new direction is appended; a known one widens to min(min), max(max). */
function addDirection(dirs: DirectionRange[], dir: Octant, min: number, max: number): void {
  const known = dirs.find((d) => d.dir === dir);
  if (!known) {
    dirs.push({ dir, min, max });
    return;
  }
  if (min < known.min) known.min = min;
  if (max > known.max) known.max = max;
}

/**
 * The client's ambient sound list. Use: {@link reset} (InitSounds), {@link addCell} for each
 * cell (AddSound), then {@link update} (the UpdateSound half of UpdatePlayQueue).
 */
export class AmbientRegistry {
  /** Every sound ever registered, in first-registration order (the order rebuilds play them in). */
  readonly sounds: AmbientSoundState[] = [];
  /** Σ weight of every registered cell (`total_sound_count`, float32). */
  totalWeight = 0;

  /** `InitSounds`: zero the total and every sound's weight, chance and directions (queue entries stay). */
  reset(): void {
    this.totalWeight = 0;
    for (const s of this.sounds) {
      s.weight = 0;
      s.directions = [];
      if (s.continuous) s.volume = 0;
      else s.chance = 0;
    }
  }

  /** `GetSound`: the sound for (set, descriptor), created on first use. */
  private soundFor(set: AmbientSTBDesc, setIndex: number, soundIndex: number): AmbientSoundState {
    const found = this.sounds.find((s) => s.setIndex === setIndex && s.soundIndex === soundIndex);
    if (found) return found;
    const desc = set.sounds[soundIndex]!;
    const continuous = Math.fround(desc.baseChance) === 0;
    const s: AmbientSoundState = {
      setIndex,
      soundIndex,
      desc,
      soundTableId: set.soundTableId,
      continuous,
      weight: 0,
      chance: 0,
      volume: continuous ? 0 : Math.fround(desc.volume),
      directions: [],
      onQueue: false,
    };
    this.sounds.push(s);
    return s;
  }

  /**
   * `AddSound`: a cell whose ambient set is `set` (index `setIndex`), at `offset` metres from
   * the listener (listener → cell corner). Beyond 120 m it is ignored; otherwise its weight
   * ({@link cellWeight}) is added to the total and to each of the set's sounds, and each
   * intermittent sound registers the cell's octant with the range [d − 10, d + 10] m, or — for
   * a cell within 14.14 m — all eight octants with [4, 10] m.
   * @returns the cell's weight (0 when ignored)
   */
  addCell(set: AmbientSTBDesc, setIndex: number, offset: Offset3): number {
    if (offsetLengthSq(offset) > AMBIENT_MAX_DIST_SQ) return 0;
    const w = cellWeight(offset);
    if (w === 0) return 0;
    const dir = octantOf(offset.x, offset.y);
    this.totalWeight = Math.fround(w + this.totalWeight);
    const fx = Math.fround(offset.x);
    const fy = Math.fround(offset.y);
    const fz = Math.fround(offset.z);
    const d = Math.sqrt(fx * fx + fy * fy + fz * fz);
    for (let i = 0; i < set.sounds.length; i++) {
      const s = this.soundFor(set, setIndex, i);
      s.weight = Math.fround(w + s.weight);
      if (s.continuous) continue;
      if (dir !== Octant.AtViewer) {
        addDirection(s.directions, dir, Math.fround(d - OCTANT_HALF_SPAN), Math.fround(OCTANT_HALF_SPAN + d));
      } else {
        for (const o of AT_VIEWER_ORDER) addDirection(s.directions, o, AT_VIEWER_MIN, OCTANT_HALF_SPAN);
      }
    }
    return w;
  }

  /**
   * `UpdateSound` for every sound: intermittent chance = fround(base_chance / total × weight)
   * (kept at 0 when the weight is 0); continuous volume = fround(volume / total × weight), or 0.
   * Worked numbers: base 0.2, weights 3 of a total 4 → 0.15; volume 0.5, 1 of 4 → 0.125.
   */
  update(): void {
    const total = this.totalWeight;
    for (const s of this.sounds) {
      if (s.continuous) {
        s.volume = s.weight === 0 ? 0 : Math.fround((Math.fround(s.desc.volume) / total) * s.weight);
      } else if (s.weight > 0) {
        s.chance = Math.fround((Math.fround(s.desc.baseChance) / total) * s.weight);
      }
    }
  }
}
