import { describe, expect, it } from 'vitest';
import { decide } from './decide';
import { FixedRandom } from './random';
import { downmixToMono, renderAsHeard } from './render';

describe('renderAsHeard: the decoded wave times the DirectSound channel gains', () => {
  const gains = { left: 0.050119, right: 0.251189 };

  it('mono: both channels carry the samples, × left and × right', () => {
    const src = Float32Array.from([0.5, -1, 0.25, 0]);
    const out = renderAsHeard({ sampleRate: 11025, channels: [src] }, gains);
    expect(out.sampleRate).toBe(11025);
    expect(out.channels).toHaveLength(2);
    out.channels[0].forEach((v, i) => expect(v).toBeCloseTo(src[i]! * gains.left, 7));
    out.channels[1].forEach((v, i) => expect(v).toBeCloseTo(src[i]! * gains.right, 7));
  });

  it('stereo: L × left and R × right, no cross-feed', () => {
    const l = Float32Array.from([1, 0, 0.5]);
    const r = Float32Array.from([0, 1, -0.5]);
    const out = renderAsHeard({ sampleRate: 22050, channels: [l, r] }, gains);
    expect(Array.from(out.channels[0])).toEqual(Array.from(l).map((x) => Math.fround(x * gains.left)));
    expect(Array.from(out.channels[1])).toEqual(Array.from(r).map((x) => Math.fround(x * gains.right)));
    expect(out.channels[0][1]).toBe(0);
  });

  it('more than two channels are averaged to mono first', () => {
    const chs = [Float32Array.from([0.3]), Float32Array.from([0.6]), Float32Array.from([0.9])];
    expect(downmixToMono({ sampleRate: 8000, channels: chs })[0]).toBeCloseTo(0.6, 6);
    const out = renderAsHeard({ sampleRate: 8000, channels: chs }, { left: 1, right: 0.5 });
    expect(out.channels[0][0]).toBeCloseTo(0.6, 6);
    expect(out.channels[1][0]).toBeCloseTo(0.3, 6);
  });

  it('no channels → an empty stereo result; the input is not modified', () => {
    expect(renderAsHeard({ sampleRate: 8000, channels: [] }, gains).channels.map((c) => c.length)).toEqual([0, 0]);
    const src = Float32Array.from([1]);
    renderAsHeard({ sampleRate: 8000, channels: [src] }, gains);
    expect(src[0]).toBe(1);
  });

  it('a decision plugs straight in: 10 m, +90° → left 0.050119×, right 0.251189×; inaudible renders silence', () => {
    const rows = [{ waveId: 1, priority: 0, probability: 1, volume: 1 }];
    const d = decide(
      { path: 'table-hook', rows, placement: { distance: 10, bearingDeg: 90 } },
      new FixedRandom({ ran2: [0.5], crtRand: [0] }),
    );
    const out = renderAsHeard({ sampleRate: 11025, channels: [Float32Array.from([1])] }, d);
    expect(out.channels[0][0]).toBeCloseTo(0.050119, 6);
    expect(out.channels[1][0]).toBeCloseTo(0.251189, 6);
    const far = decide(
      { path: 'table-hook', rows, placement: { distance: 95, bearingDeg: 90 } },
      new FixedRandom({ ran2: [0.5], crtRand: [0] }),
    );
    const silent = renderAsHeard({ sampleRate: 11025, channels: [Float32Array.from([1])] }, far);
    expect([silent.channels[0][0], silent.channels[1][0]]).toEqual([0, 0]);
  });
});
