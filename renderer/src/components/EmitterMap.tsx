/**
 * The Soundscape's top-down picture (docs/ambient.md "Events"): the listener in the middle facing
 * north, distance rings (square-root scale, as the Listener's panner), and a mark for each recent
 * positional play where the scheduler placed it, fading with age. A play that sounded is a filled
 * dot; one that made no sound (inaudible below −50 dB, no free voice, a Wave that cannot play…)
 * a hollow dashed ring, named with why — and when none of the plays shown was heard, the picture
 * says so, rather than looking as if nothing was placed.
 */
import { AMBIENT_MAX_DIST, AMBIENT_MIN_DIST } from '../../../core/engine';
import { labelWidth, ringLabelSpots } from '../lib/ringLabels';
import { emitterName, plural, silentNote } from '../lib/emitterText';
import type { SoundscapeEmitter } from '../state/soundscapeStore';

/** Square-root radial scale as the Listener's panner; rings at the weight edges (20 m, 120 m) and in between. */
const R = 100;
const RANGE = AMBIENT_MAX_DIST * 1.1;
const rad = (d: number): number => R * Math.sqrt(Math.max(0, d) / RANGE);
const RINGS = [10, AMBIENT_MIN_DIST, 50, AMBIENT_MAX_DIST];
/**
 * The rings' labels: 9-unit text, placed so none touches another or crosses a ring's line, nor
 * covers the listener's mark (8 units from the centre at most) (lib/ringLabels.ts).
 */
const RING_FONT = 9;
const RING_LABELS = ringLabelSpots(RINGS.map(rad), {
  fontSize: RING_FONT,
  widths: RINGS.map((r) => labelWidth(`${r} m`, RING_FONT)),
  hub: 8,
});
/** Seconds over which a mark fades to its least opacity. */
const FADE_SEC = 6;
export function EmitterMap({ emitters, clock }: { emitters: readonly SoundscapeEmitter[]; clock: number }) {
  const heard = emitters.filter((e) => e.heard).length;
  const note = silentNote(emitters);
  return (
    <svg
      className="emitter-map"
      viewBox="-120 -120 240 240"
      width={240}
      height={240}
      role="group"
      aria-label={`Emitters around the listener: ${plural(emitters.length, 'recent positional play')}, ${heard} heard, ${emitters.length - heard} made no sound`}
    >
      {RINGS.map((r, i) => (
        <g key={r} aria-hidden="true">
          <circle
            r={rad(r)}
            fill="none"
            stroke="currentColor"
            strokeOpacity={0.3}
            strokeDasharray={r === AMBIENT_MIN_DIST || r === AMBIENT_MAX_DIST ? undefined : '3 3'}
          />
          <text x={RING_LABELS[i]!.x} y={RING_LABELS[i]!.y} fontSize={RING_FONT} fill="currentColor" opacity={0.7}>
            {r} m
          </text>
        </g>
      ))}
      <text x={0} y={-108} fontSize={9} textAnchor="middle" fill="currentColor" aria-hidden="true">
        N
      </text>
      <polygon points="0,-8 5,5 -5,5" fill="currentColor" aria-hidden="true" />
      {emitters.map((e) => {
        const d = Math.hypot(e.x, e.y);
        const k = d > 0 ? rad(d) / d : 0;
        const age = Math.max(0, clock - e.t);
        // a mark that made no sound fades less far: a hollow ring at 15 % is lost against the rings
        const opacity = Math.max(e.heard ? 0.15 : 0.7, 1 - age / FADE_SEC);
        const name = emitterName(e);
        return (
          <circle
            key={e.key}
            cx={e.x * k}
            cy={-e.y * k}
            r={4}
            className={`emitter set${e.set % 6}${e.heard ? '' : ' silent'}`}
            opacity={opacity}
            role="img"
            aria-label={name}
          >
            <title>{name}</title>
          </circle>
        );
      })}
      {note && (
        <text className="emitter-note" x={0} y={107} fontSize={9} textAnchor="middle" fill="currentColor">
          <tspan x={0} fontWeight={600}>
            {note[0]}
          </tspan>
          <tspan x={0} dy={10}>
            {note[1]}
          </tspan>
        </text>
      )}
    </svg>
  );
}
