/**
 * Top-down panner: the listener in the centre facing up, a draggable emitter, rings for the 5 m
 * dead zone (no pan, flat level) and the audible radius for the current settings.
 * Keyboard: ←/→ bearing ∓/±5° (Shift 1°), ↑/↓ distance ±1 m (Shift 0.1 m) from the current value
 * (77.983 → 78.983, no snapping), Home = 0 m, End = the largest distance (MAX_DISTANCE).
 */
import { useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { fmtDegrees, fmtMetres } from '../lib/format';
import { MAX_DISTANCE } from '../../../core/engine';
import { stepDistance } from '../lib/placement';
import { setBearing, setDistance, setPlacementXY } from '../state/listenerStore';

const R = 100; // SVG units for the view range
/** Label size in SVG units: the panner is drawn at 240 px for 240 units (≥ 10 px on screen). */
const LABEL = 10.5;

function niceRings(range: number): number[] {
  return [10, 25, 50, 100, 200].filter((r) => r < range * 0.97);
}

export function Panner({
  distance,
  bearing,
  radius,
  centre,
}: {
  distance: number;
  bearing: number;
  radius: number | null;
  centre: boolean;
}) {
  const svgRef = useRef<SVGSVGElement>(null);
  const [drag, setDrag] = useState<number | null>(null); // frozen view range while dragging
  const helpId = useId();
  const liveRange = Math.min(MAX_DISTANCE * 1.05, Math.max(20, Math.max(radius ?? 0, distance, 5) * 1.15));
  const range = drag ?? liveRange;
  // Square-root radial scale: near distances (the 5 m zone, 10 m) get room, the far rings stay visible.
  const rad = (d: number): number => R * Math.sqrt(Math.max(0, d) / range);
  const th = (bearing * Math.PI) / 180;
  const outside = distance > range;
  const er = rad(Math.min(distance, range));
  const ex = er * Math.sin(th);
  const ey = -er * Math.cos(th);
  // The "front" label sits right of the facing arrow (x 5…33, y −16…−6); move it left when the emitter is there.
  const frontLeft = !centre && ex > -4 && ex < 42 && ey > -26 && ey < 4;
  // The ring labels sit just beside the up axis, on the side the emitter line is not: an emitter
  // ahead and to the right would run its line through them (e.g. 200 m at +15°).
  const ringsLeft = !centre && ey < 0 && ex > 0;

  const pointTo = (e: PointerEvent<SVGSVGElement>, r: number): void => {
    const svg = svgRef.current;
    if (!svg) return;
    const box = svg.getBoundingClientRect();
    const sx = ((e.clientX - box.left) / box.width) * 240 - 120;
    const sy = ((e.clientY - box.top) / box.height) * 240 - 120;
    const rr = Math.hypot(sx, sy);
    if (rr < 1e-6) {
      setPlacementXY(0, 0);
      return;
    }
    const d = r * (rr / R) ** 2;
    setPlacementXY((sx / rr) * d, (-sy / rr) * d);
  };

  const onKey = (e: KeyboardEvent<SVGSVGElement>): void => {
    const fine = e.shiftKey;
    switch (e.key) {
      case 'ArrowLeft':
        setBearing(bearing - (fine ? 1 : 5));
        break;
      case 'ArrowRight':
        setBearing(bearing + (fine ? 1 : 5));
        break;
      case 'ArrowUp':
        setDistance(stepDistance(distance, fine ? 0.1 : 1));
        break;
      case 'ArrowDown':
        setDistance(stepDistance(distance, fine ? -0.1 : -1));
        break;
      case 'Home':
        setDistance(0);
        break;
      case 'End':
        setDistance(MAX_DISTANCE);
        break;
      default:
        return;
    }
    e.preventDefault();
    e.stopPropagation();
  };

  return (
    <>
      <svg
        ref={svgRef}
        className="panner"
        viewBox="-120 -120 240 240"
        role="application"
        aria-label="Top-down panner"
        aria-describedby={helpId}
        aria-valuetext={`${fmtMetres(distance)} at ${fmtDegrees(bearing)}`}
        tabIndex={0}
        onKeyDown={onKey}
        onPointerDown={(e) => {
          (e.target as Element).setPointerCapture?.(e.pointerId);
          setDrag(range);
          pointTo(e, range);
        }}
        onPointerMove={(e) => {
          if (drag !== null) pointTo(e, drag);
        }}
        onPointerUp={() => setDrag(null)}
        onPointerCancel={() => setDrag(null)}
      >
        <circle r={R + 8} fill="var(--panel-2)" stroke="var(--border)" />
        {niceRings(range).map((r) => (
          <g key={r}>
            <circle r={rad(r)} fill="none" stroke="var(--grid-line)" />
            <text
              className="lbl"
              x={ringsLeft ? -3 : 3}
              y={-rad(r) - 2.5}
              fontSize={LABEL}
              textAnchor={ringsLeft ? 'end' : 'start'}
            >
              {r} m
            </text>
          </g>
        ))}
        <line x1={-R - 8} y1={0} x2={R + 8} y2={0} stroke="var(--grid-line)" />
        <line x1={0} y1={-R - 8} x2={0} y2={R + 8} stroke="var(--grid-line)" />
        {radius !== null && radius <= range && (
          <g>
            <circle r={rad(radius)} fill="none" stroke="var(--ok)" strokeWidth={1.5} />
            <text className="lbl ok" x={0} y={rad(radius) - 4} fontSize={LABEL} textAnchor="middle">
              audible {fmtMetres(radius, 1)}
            </text>
          </g>
        )}
        <circle r={rad(5)} fill="var(--accent-soft)" stroke="var(--accent)" strokeDasharray="2 2" />
        <text className="lbl" x={0} y={rad(5) + 11} fontSize={LABEL} textAnchor="middle">
          5 m
        </text>
        {/* listener: head facing up with L/R */}
        <g>
          <circle r={5} fill="var(--text)" />
          <path d="M -4 -3 L 0 -11 L 4 -3 Z" fill="var(--text)" />
          {/* "front" beside the facing arrow, on the side the emitter is not */}
          <text
            className="lbl strong"
            x={frontLeft ? -5 : 5}
            y={-8}
            fontSize={LABEL}
            textAnchor={frontLeft ? 'end' : 'start'}
          >
            front
          </text>
          {/* L/R just below the ear axis, clear of an emitter line at ±90° */}
          <text className="lbl strong" x={-7} y={13} fontSize={LABEL} textAnchor="end">
            L
          </text>
          <text className="lbl strong" x={7} y={13} fontSize={LABEL}>
            R
          </text>
        </g>
        {!centre && (
          <g>
            <line x1={0} y1={0} x2={ex} y2={ey} stroke="var(--cursor)" strokeDasharray={outside ? '3 2' : undefined} />
            <circle cx={ex} cy={ey} r={6} fill="var(--cursor)" stroke="var(--panel)" strokeWidth={1.5} />
          </g>
        )}
        <text className="lbl strong" x={117} y={116} fontSize={LABEL} textAnchor="end">
          {centre ? 'centre path: no placement' : `${fmtMetres(distance, 1)} · ${fmtDegrees(bearing)}`}
        </text>
      </svg>
      <p id={helpId} className="note" style={{ textAlign: 'center' }}>
        Drag the emitter, or focus and use ←/→ (bearing) and ↑/↓ (distance), Home/End (0 m / {MAX_DISTANCE} m); Shift
        for fine steps. Radial scale: square root.
      </p>
    </>
  );
}
