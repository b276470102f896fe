/**
 * The waveform's per-column envelope: for each of `columns` pixel columns, the min and max of the
 * signal drawn as a piecewise-linear line through its samples over the column's time span. The
 * span's ends are interpolated, so neighbouring columns share their boundary value and the
 * drawing is connected for any length — a 495-frame wave across 600 px is a line, not dots; a
 * long wave is the usual filled min/max envelope.
 */
export interface Envelope {
  lo: Float32Array;
  hi: Float32Array;
}

function at(samples: ArrayLike<number>, t: number): number {
  const n = samples.length;
  if (t <= 0) return samples[0]!;
  if (t >= n - 1) return samples[n - 1]!;
  const i = Math.floor(t);
  const f = t - i;
  const a = samples[i]!;
  return f === 0 ? a : a + (samples[i + 1]! - a) * f;
}

export function columnEnvelope(samples: ArrayLike<number>, columns: number): Envelope {
  const lo = new Float32Array(columns);
  const hi = new Float32Array(columns);
  const n = samples.length;
  if (n === 0 || columns <= 0) return { lo, hi };
  if (n === 1) {
    lo.fill(samples[0]!);
    hi.fill(samples[0]!);
    return { lo, hi };
  }
  // Column x covers t ∈ [x·step, (x+1)·step] in sample units, over the n−1 intervals of the line.
  const step = (n - 1) / columns;
  for (let x = 0; x < columns; x++) {
    const t0 = x * step;
    const t1 = (x + 1) * step;
    const a = at(samples, t0);
    const b = at(samples, t1);
    let mn = Math.min(a, b);
    let mx = Math.max(a, b);
    for (let i = Math.floor(t0) + 1; i < t1 && i < n; i++) {
      const v = samples[i]!;
      if (v < mn) mn = v;
      if (v > mx) mx = v;
    }
    lo[x] = mn;
    hi[x] = mx;
  }
  return { lo, hi };
}
