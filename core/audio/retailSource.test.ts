import { describe, expect, it } from 'vitest';
import { playedChannels, retailSource } from './retailSource';

const tone = (rate: number, channels: number, n: number) => ({
  sampleRate: rate,
  channels: Array.from({ length: channels }, (_, c) =>
    Float32Array.from({ length: n }, (_, i) => Math.sin(i / (7 + c)) * 0.3),
  ),
});

describe('retailSource', () => {
  it('retail non-PCM → 11025 Hz mono, every sample an int16 value', () => {
    const r = retailSource(tone(22050, 2, 2205), 0x55, 'retail');
    expect(r.converted).toBe(true);
    expect(r.audio.sampleRate).toBe(11025);
    expect(r.audio.channels.length).toBe(1);
    expect(r.audio.channels[0]!.length).toBe(1103);
    for (const x of r.audio.channels[0]!) expect(Number.isInteger(x * 32768)).toBe(true);
  });
  it('PCM (tag 1) and authored mode are unchanged', () => {
    const a = tone(22050, 2, 100);
    expect(retailSource(a, 1, 'retail')).toEqual({ audio: a, converted: false, gapless: null, downmixedFrom: null });
    expect(retailSource(a, 1, 'retail').audio).toBe(a);
    expect(retailSource(a, 0x55, 'authored').audio).toBe(a);
  });
});

describe('more than two channels: averaged to mono, in both modes (docs/formats/codecs.md §8.1)', () => {
  it('a 4-channel source plays as one channel, each sample the mean of the four', () => {
    const a = {
      sampleRate: 22050,
      channels: [
        [0.4, 0.8],
        [0.2, 0],
        [0, -0.4],
        [-0.2, 0],
      ].map((c) => Float32Array.from(c)),
    };
    for (const mode of ['retail', 'authored'] as const) {
      const r = retailSource(a, 1, mode);
      expect(r.downmixedFrom).toBe(4);
      expect(r.audio.sampleRate).toBe(22050);
      expect(r.audio.channels).toHaveLength(1);
      expect(Array.from(r.audio.channels[0]!)).toEqual([Math.fround(0.1), Math.fround(0.1)]);
    }
    expect(playedChannels(a).audio.channels).toHaveLength(1);
    const stereo = tone(22050, 2, 4);
    expect(playedChannels(stereo)).toEqual({ audio: stereo, downmixedFrom: null });
  });
});
