/**
 * The client's one shared pool of 16 voices (`SoundManager::PlaySoundInternal(ref, pan, dB)`,
 * retail-engine §3.4, §4g; "Project decisions" 1; §6.5), as a small state machine driven by
 * explicit time in seconds, so it needs no clock.
 */
import type { EngineMode, SoundPath } from './types';

/** Number of voices (`playing_sounds_[16]`). */
export const VOICE_COUNT = 16;

/** One occupied slot. Times are seconds on the caller's clock. */
export interface Voice {
  waveId: number;
  /** The path that started it, or null when unknown. */
  path: SoundPath | null;
  /** The priority recorded in the slot: always 0 in retail mode, the DAT priority in authored. */
  priority: number;
  startSec: number;
  /** startSec + duration: at or after this time the voice has finished. */
  endSec: number;
}

/** A request for a voice. */
export interface VoiceRequest {
  waveId: number;
  path?: SoundPath | null;
  /** The wave's duration in seconds (≥ 0). */
  durationSec: number;
  /** The DAT priority (row or hook); used only in authored mode. Default 0. */
  priority?: number;
}

/** The outcome of {@link VoicePool.claim}. */
export type ClaimResult =
  | {
      dropped: false;
      slot: number;
      /** The still-playing voice that was stopped to make room (authored mode only). */
      evicted: (Voice & { slot: number }) | null;
      /** A finished voice whose slot was reused (the client's lazy reclaim). */
      reclaimed: (Voice & { slot: number }) | null;
    }
  | { dropped: true; slot: null; evicted: null; reclaimed: null };

/** One slot as the UI shows it. */
export interface SlotSnapshot {
  slot: number;
  /** The slot's occupant, or null when empty. A finished voice stays until reclaimed. */
  voice: Voice | null;
  playing: boolean;
  /** Seconds left (0 when finished or empty). */
  timeLeftSec: number;
}

/** A JSON snapshot of the whole pool. */
export interface PoolSnapshot {
  cursor: number;
  /** Number of voices still playing at the snapshot time. */
  busy: number;
  slots: SlotSnapshot[];
}

/**
 * The 16-voice pool with its ring cursor (§3.4):
 * - pass 1: from the cursor, the first slot that is empty or whose voice has finished
 *   (`endSec <= now`, reclaimed lazily);
 * - pass 2, authored mode only: the first slot in ring order from the cursor whose recorded
 *   priority is strictly lower than the new one is stopped and reused (ties never evict);
 * - otherwise the sound is dropped and the cursor does not move. In retail mode the recorded and
 *   incoming priorities are always 0, so the 17th concurrent sound is always dropped.
 * - A claim sets cursor = (slot + 1) mod 16.
 */
export class VoicePool {
  private readonly slots: (Voice | null)[] = new Array<Voice | null>(VOICE_COUNT).fill(null);
  private cursorValue = 0;

  /** The ring cursor (`curr_playing_buffer_`), 0..15. */
  get cursor(): number {
    return this.cursorValue;
  }

  /**
   * Claims a voice at time `nowSec` (seconds) for `request`; see the class comment for the rules.
   * @param mode 'retail' (default): record priority 0, never evict; 'authored': DAT priority eviction
   */
  claim(nowSec: number, request: VoiceRequest, mode: EngineMode = 'retail'): ClaimResult {
    const priority = mode === 'retail' ? 0 : Math.fround(request.priority ?? 0);
    let slot = -1;
    let reclaimed: (Voice & { slot: number }) | null = null;
    let evicted: (Voice & { slot: number }) | null = null;
    for (let i = 0; i < VOICE_COUNT; i++) {
      const s = (this.cursorValue + i) % VOICE_COUNT;
      const v = this.slots[s] ?? null;
      if (v === null || v.endSec <= nowSec) {
        slot = s;
        reclaimed = v === null ? null : { ...v, slot: s };
        break;
      }
    }
    if (slot < 0 && mode === 'authored') {
      for (let i = 0; i < VOICE_COUNT; i++) {
        const s = (this.cursorValue + i) % VOICE_COUNT;
        const v = this.slots[s];
        if (v && v.priority < priority) {
          slot = s;
          evicted = { ...v, slot: s };
          break;
        }
      }
    }
    if (slot < 0) return { dropped: true, slot: null, evicted: null, reclaimed: null };
    const duration = Math.max(0, request.durationSec);
    this.slots[slot] = {
      waveId: request.waveId,
      path: request.path ?? null,
      priority,
      startSec: nowSec,
      endSec: nowSec + (Number.isNaN(duration) ? 0 : duration),
    };
    this.cursorValue = (slot + 1) % VOICE_COUNT;
    return { dropped: false, slot, evicted, reclaimed };
  }

  /** The occupant of a slot (possibly finished), or null. */
  voice(slot: number): Voice | null {
    const v = this.slots[slot];
    return v ? { ...v } : null;
  }

  /** Number of voices still playing at `nowSec`. */
  busyCount(nowSec: number): number {
    return this.slots.filter((v) => v !== null && v.endSec > nowSec).length;
  }

  /** A JSON snapshot for the UI: every slot with its time left at `nowSec`. */
  snapshot(nowSec: number): PoolSnapshot {
    const slots = this.slots.map((v, slot): SlotSnapshot => {
      const timeLeftSec = v ? Math.max(0, v.endSec - nowSec) : 0;
      return { slot, voice: v ? { ...v } : null, playing: timeLeftSec > 0, timeLeftSec };
    });
    return { cursor: this.cursorValue, busy: slots.filter((s) => s.playing).length, slots };
  }

  /** Stops a voice early (e.g. the user pressed stop): the slot becomes empty. */
  release(slot: number): void {
    if (slot >= 0 && slot < VOICE_COUNT) this.slots[slot] = null;
  }

  /** Empties every slot and puts the cursor back to 0. */
  reset(): void {
    this.slots.fill(null);
    this.cursorValue = 0;
  }

  /** A deep copy (for "what if" runs that must not disturb the live pool). */
  clone(): VoicePool {
    const p = new VoicePool();
    for (let i = 0; i < VOICE_COUNT; i++) {
      const v = this.slots[i];
      p.slots[i] = v ? { ...v } : null;
    }
    p.cursorValue = this.cursorValue;
    return p;
  }
}
