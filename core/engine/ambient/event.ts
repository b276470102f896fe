/**
 * One scheduler event as the CLI's `acsound ambient --json` line prints it (issue 8): exactly
 * the keys of {@link AmbientEvent}, in the order of {@link AMBIENT_EVENT_KEYS}; {@link ambientEvent}
 * builds it in that order, so `JSON.stringify(event)` is the line.
 */
import { hex8 } from '../../errors';
import { soundTypeName } from '../../objects/soundTypes';
import { roundTo } from '../explain';
import type { PlayDecision, SkipReason } from '../types';

/** Whether a sound is a ConstantSound (base_chance 0) or an IntermitSound. */
export type AmbientKind = 'continuous' | 'intermittent';

/**
 * `{t, kind, set, soundType, name, played, reason, waveId, distance, bearing, dB, pan, slot}`:
 * - `t` seconds since the run started (3 decimals);
 * - `set` the ambient set index k; `soundType` its SoundType value; `name` the SoundType's name;
 * - `played`, `reason` as the engine's decision gives them; an intermittent deadline whose roll
 *   fails is `played: false, reason: "probability"` with every later field null;
 * - `waveId` "0x0A000050" (null when no wave was chosen);
 * - `distance` metres (1 decimal; 0 for continuous sounds, which play from the centre);
 * - `bearing` θ clockwise from the listener's facing, degrees in (−180, 180] (1 decimal; null from
 *   the centre);
 * - `dB` integer (−50..0), `pan` integer (positive = right), `slot` the voice 0..15, each null
 *   when not reached.
 */
export interface AmbientEvent {
  t: number;
  kind: AmbientKind;
  set: number;
  soundType: number;
  name: string;
  played: boolean;
  reason: SkipReason | null;
  waveId: string | null;
  distance: number | null;
  bearing: number | null;
  dB: number | null;
  pan: number | null;
  slot: number | null;
}

/** The event's keys in JSON order (the CLI's `--json` contract). */
export const AMBIENT_EVENT_KEYS = [
  't',
  'kind',
  'set',
  'soundType',
  'name',
  'played',
  'reason',
  'waveId',
  'distance',
  'bearing',
  'dB',
  'pan',
  'slot',
] as const satisfies readonly (keyof AmbientEvent)[];

// Compile-time check that AMBIENT_EVENT_KEYS names every key of AmbientEvent.
type MissingKeys = Exclude<keyof AmbientEvent, (typeof AMBIENT_EVENT_KEYS)[number]>;
const everyKeyListed: MissingKeys extends never ? true : false = true;
void everyKeyListed;

/**
 * The pan an event was heard at, for a log a person reads: null when it has no level (`dB` null:
 * not played, or inaudible below −50 dB), as nothing was heard to the left or right; the JSON
 * keeps the `pan` the engine worked out. Shared by the CLI's table and the app's Soundscape log.
 */
export function heardPan(e: Pick<AmbientEvent, 'dB' | 'pan'>): number | null {
  return e.dB === null ? null : e.pan;
}

/** What {@link ambientEvent} needs. */
export interface AmbientEventInput {
  t: number;
  kind: AmbientKind;
  set: number;
  soundType: number;
  /** null: the intermittent roll failed before the engine was asked. */
  decision: PlayDecision | null;
  /** Bearing θ in degrees, null from the centre or when not placed. */
  bearing: number | null;
}

/** Builds the event, keys in {@link AMBIENT_EVENT_KEYS} order, rounded as documented on {@link AmbientEvent}. */
export function ambientEvent(input: AmbientEventInput): AmbientEvent {
  const d = input.decision;
  return {
    t: roundTo(input.t, 3),
    kind: input.kind,
    set: input.set,
    soundType: input.soundType,
    name: soundTypeName(input.soundType),
    played: d ? d.played : false,
    reason: d ? d.reason : 'probability',
    waveId: d && d.waveId !== null ? hex8(d.waveId) : null,
    distance: d ? roundTo(d.distance, 1) : null,
    bearing: d && input.bearing !== null ? roundTo(input.bearing, 1) : null,
    dB: d ? d.dB : null,
    pan: d ? d.pan : null,
    slot: d ? d.slot : null,
  };
}
