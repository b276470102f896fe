/** Falloff curve: integer dB against distance for the current V and S, the −50 dB floor, the 5 m knee and the current point. */
import { attenuate } from '../../../core/engine';
import { fmtDb, fmtMetres, MINUS } from '../lib/format';

const W = 280;
const H = 164;
const PAD_L = 38;
const PAD_R = 10;
const PAD_T = 18;
const PAD_B = 24;
const DB_MIN = -60;
/** Font size in SVG units (the chart is drawn about as wide as the Listener column: ≥ 10 px). */
const FONT = 10.5;
/** The current-point marker's radius, and where the dB tick labels end: left of the marker's reach, so it never covers them. */
const MARKER_R = 4;
const Y_LABEL_RIGHT = PAD_L - MARKER_R - 5;

export function FalloffCurve({
  volume,
  slider,
  distance,
  radius,
  disabled,
}: {
  volume: number;
  slider: number;
  distance: number;
  radius: number | null;
  disabled: boolean;
}) {
  const xMax = Math.min(200, Math.max(30, (radius ?? 100) * 1.25, distance * 1.1));
  const px = (d: number): number => PAD_L + (d / xMax) * (W - PAD_L - PAD_R);
  const py = (db: number): number => PAD_T + (db / DB_MIN) * (H - PAD_T - PAD_B);
  // Step curve sampled per 0.25 px.
  const pts: string[] = [];
  let lastDb: number | null = null;
  const n = (W - PAD_L - PAD_R) * 2;
  for (let i = 0; i <= n; i++) {
    const d = (i / n) * xMax;
    const a = attenuate(d, volume, slider);
    const db = a.audible && a.dB !== null ? a.dB : null;
    if (db === null) {
      if (lastDb !== null)
        pts.push(`L ${px(d).toFixed(1)} ${py(lastDb).toFixed(1)} L ${px(d).toFixed(1)} ${py(-50).toFixed(1)}`);
      lastDb = null;
      break;
    }
    if (lastDb === null) pts.push(`M ${px(d).toFixed(1)} ${py(db).toFixed(1)}`);
    else if (db !== lastDb)
      pts.push(`L ${px(d).toFixed(1)} ${py(lastDb).toFixed(1)} L ${px(d).toFixed(1)} ${py(db).toFixed(1)}`);
    lastDb = db;
  }
  if (lastDb !== null) pts.push(`L ${px(xMax).toFixed(1)} ${py(lastDb).toFixed(1)}`);
  const cur = attenuate(distance, volume, slider);
  const curDb = cur.audible && cur.dB !== null ? cur.dB : null;
  const tickStep = [5, 10, 20, 25, 50].find((s) => xMax / s <= 6) ?? 50;
  const xTicks: number[] = [];
  for (let x = 0; x <= xMax + 1e-9; x += tickStep) xTicks.push(x);
  const label = `Falloff curve: ${curDb === null ? 'inaudible' : fmtDb(curDb)} at ${fmtMetres(distance)}; ${MINUS}50 dB floor${radius !== null ? ` reached at ${fmtMetres(radius)}` : ''}`;
  return (
    <svg
      className="falloff"
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label="Falloff curve"
      style={{ opacity: disabled ? 0.45 : 1 }}
    >
      <title>{label}</title>
      {[0, -10, -20, -30, -40, -50, -60].map((db) => (
        <g key={db}>
          <line x1={PAD_L} x2={W - PAD_R} y1={py(db)} y2={py(db)} stroke="var(--grid-line)" />
          <text x={Y_LABEL_RIGHT} y={py(db) + 3.5} fontSize={FONT} textAnchor="end" fill="var(--muted)">
            {db === 0 ? '0' : `${MINUS}${-db}`}
          </text>
        </g>
      ))}
      {xTicks.map((x) => (
        <text key={x} x={px(x)} y={H - 9} fontSize={FONT} textAnchor="middle" fill="var(--muted)">
          {x}
        </text>
      ))}
      <text x={W - PAD_R} y={H - 1} fontSize={FONT} textAnchor="end" fill="var(--muted)">
        m
      </text>
      <text x={Y_LABEL_RIGHT} y={10} fontSize={FONT} textAnchor="end" fill="var(--muted)">
        dB
      </text>
      <rect
        x={px(0)}
        y={PAD_T}
        width={px(5) - px(0)}
        height={H - PAD_T - PAD_B}
        fill="var(--accent-soft)"
        opacity={0.6}
      />
      <line x1={PAD_L} x2={W - PAD_R} y1={py(-50)} y2={py(-50)} stroke="var(--err)" strokeDasharray="4 3" />
      <text x={px(Math.min(8, xMax * 0.05)) + 4} y={py(-50) + 12} fontSize={FONT} fill="var(--err)">
        {MINUS}50 dB floor (no voice)
      </text>
      <path d={pts.join(' ')} fill="none" stroke="var(--curve)" strokeWidth={1.6} />
      {radius !== null && radius <= xMax && (
        <line x1={px(radius)} x2={px(radius)} y1={PAD_T} y2={py(-50)} stroke="var(--ok)" strokeDasharray="2 2" />
      )}
      {distance <= xMax &&
        (curDb !== null ? (
          <circle
            cx={px(distance)}
            cy={py(curDb)}
            r={MARKER_R}
            fill="var(--cursor)"
            stroke="var(--panel)"
            strokeWidth={1.5}
          />
        ) : (
          <g stroke="var(--cursor)" strokeWidth={2}>
            <line x1={px(distance) - 4} x2={px(distance) + 4} y1={py(-50) - 4} y2={py(-50) + 4} />
            <line x1={px(distance) - 4} x2={px(distance) + 4} y1={py(-50) + 4} y2={py(-50) - 4} />
          </g>
        ))}
    </svg>
  );
}
