/**
 * Reverse play of a motion the MotionTable has no reverse sequence for (docs/sound-graph.md §3
 * "Timelines", step 3; shared spec sound-sources §3.3): not bad data — the client simply cannot
 * play it backwards. {@link motionTimeline} says so with a {@link NoReverseSequenceError}, whose
 * `code` crosses every boundary (core/errors `errorToData`), so a front end tells it from a real
 * error by {@link isNoReverseSequence} (name and code), never by its message.
 */
import { hex8, NotFoundError } from '../errors';
import { motionName } from './motionNames';

/** The `code` of a {@link NoReverseSequenceError} on the wire (`ErrorData.code`). */
export const NO_REVERSE_SEQUENCE = 'ENOREVERSE';

/** `AttackHigh1 (0x10000062)` for a named MotionCommand, `0x0000DEAD` for another (the id once). */
export function motionLabel(motion: number): string {
  const name = motionName(motion);
  return name.startsWith('Motion_0x') ? hex8(motion) : `${name} (${hex8(motion)})`;
}

/**
 * MotionTable `motionTable` has no sequence that plays `motion` at a negative speed (no reverse
 * link in the stance): a NotFoundError (`MotionTable 0x09000001 has no motion AttackHigh1
 * (0x10000062) in reverse; it has WalkForward, Dead`) with `code` {@link NO_REVERSE_SEQUENCE}.
 * `reversible`: the names of the creature's motions it can play backwards ({@link reversibleNames}),
 * listed in the message (`it has none` when there are none).
 */
export class NoReverseSequenceError extends NotFoundError {
  readonly code = NO_REVERSE_SEQUENCE;
  constructor(
    readonly motion: number,
    motionTable: number,
    readonly reversible: readonly string[],
  ) {
    super(motion, `motion ${motionLabel(motion)} in reverse`, {
      kind: 'MotionTable',
      id: motionTable,
      has: reversible,
    });
  }
}

/**
 * The names of the motions (a creature's, core/graph `CreatureMotion`) its MotionTable can play
 * backwards (`reversible`), each once, in the motions' order: `['WalkForward', 'Dead']`.
 */
export function reversibleNames(motions: readonly { name: string; reversible: boolean }[]): string[] {
  return [...new Set(motions.filter((m) => m.reversible).map((m) => m.name))];
}

/**
 * What {@link isNoReverseSequence} tells of an error: a NotFoundError with code
 * {@link NO_REVERSE_SEQUENCE}. `motion` is there on the error as thrown (a
 * {@link NoReverseSequenceError}: the service in this process, the CLI), as is `reversible`; one
 * rebuilt from the wire (core/errors `rebuildError`: the renderer) has only its name, code,
 * message (which lists the reversible motions) and details.
 */
export type NoReverseSequence = Error & {
  name: 'NotFoundError';
  code: typeof NO_REVERSE_SEQUENCE;
  motion?: number;
  reversible?: readonly string[];
};

/**
 * True for a {@link NoReverseSequenceError}, thrown here or rebuilt from the wire (core/errors
 * `rebuildError`, `ErrorData`): by its name and code. A type guard: past it, `e.motion` is the
 * motion (number) when the error was thrown in this process, else undefined.
 */
export function isNoReverseSequence(e: unknown): e is NoReverseSequence {
  if (typeof e !== 'object' || e === null) return false;
  const x = e as { name?: unknown; code?: unknown };
  return x.name === 'NotFoundError' && x.code === NO_REVERSE_SEQUENCE;
}

/**
 * The plain words for it (a note, not an error), with what the client can play backwards instead
 * (`reversible`: {@link reversibleNames} of the creature's motions):
 * `AttackHigh1 has no reverse sequence in this MotionTable: the client cannot play it backwards.
 * Motions it can play backwards: WalkForward, Dead.`; with none, `… the client cannot play it
 * backwards, nor any other motion of this creature.`
 */
export function noReverseSequenceText(name: string, reversible: readonly string[]): string {
  const head = `${name} has no reverse sequence in this MotionTable: the client cannot play it backwards`;
  const others = reversible.filter((n) => n !== name);
  return others.length === 0
    ? `${head}, nor any other motion of this creature.`
    : `${head}. Motions it can play backwards: ${others.join(', ')}.`;
}
