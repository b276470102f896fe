import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { channelGains, directSoundGains, hundredthsToGain, setPanFor, setVolumeFor } from './directsound';

describe('pitfalls #12: DirectSound units are hundredths of a dB', () => {
  it('a total of −600 is a gain of about 0.501', () => {
    expect(hundredthsToGain(-600)).toBeCloseTo(0.501187, 6);
  });

  it('pan +1000 cuts the left by 10 dB (×0.316) and leaves the right', () => {
    const g = directSoundGains(-600, 1000);
    expect(g.right).toBeCloseTo(0.501187, 6);
    expect(g.left).toBeCloseTo(0.501187 * 0.316228, 5);
    expect(g.left / g.right).toBeCloseTo(0.316228, 6);
  });

  it('pan −1000 cuts the right by 10 dB instead', () => {
    const g = directSoundGains(-600, -1000);
    expect(g.left).toBeCloseTo(0.501187, 6);
    expect(g.right / g.left).toBeCloseTo(0.316228, 6);
  });

  it('−10000 is true silence (0), not 10^−5', () => {
    expect(hundredthsToGain(-10000)).toBe(0);
    expect(directSoundGains(-10000, 0)).toEqual({ left: 0, right: 0 });
    expect(directSoundGains(0, 10000).left).toBe(0);
    expect(directSoundGains(0, 10000).right).toBe(1);
  });

  it('0 is unity and there is no amplification', () => {
    expect(hundredthsToGain(0)).toBe(1);
    expect(hundredthsToGain(500)).toBe(1);
    expect(directSoundGains(0)).toEqual({ left: 1, right: 1 });
  });
});

describe('decision 4: SetVolume, SetPan and the balance law', () => {
  it('SetVolume = 100·dB; SetPan = 100·pan, null when pan = 0', () => {
    expect(setVolumeFor(-12)).toBe(-1200);
    expect(setVolumeFor(0)).toBe(0);
    expect(setPanFor(14)).toBe(1400);
    expect(setPanFor(-14)).toBe(-1400);
    expect(setPanFor(0)).toBe(null);
  });

  it.each([
    [0, 0, 1, 1],
    [-12, 0, 0.251189, 0.251189],
    [-40, 0, 0.01, 0.01],
    [-50, 0, 0.003162, 0.003162],
    [-12, 7, 0.112202, 0.251189],
    [-12, 14, 0.050119, 0.251189],
    [-12, -14, 0.251189, 0.050119],
  ])('dB %s, pan %s → L %s, R %s (§6.1, §6.2)', (dB, pan, l, r) => {
    const g = channelGains(dB, pan);
    expect(Number(g.left.toFixed(6))).toBe(l);
    expect(Number(g.right.toFixed(6))).toBe(r);
  });

  it('channelGains(dB, pan) = directSoundGains(100·dB, 100·pan)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -50, max: 0 }), fc.integer({ min: -15, max: 15 }), (dB, pan) => {
        const a = channelGains(dB, pan);
        const b = directSoundGains(setVolumeFor(dB), setPanFor(pan));
        return Math.abs(a.left - b.left) < 1e-12 && Math.abs(a.right - b.right) < 1e-12;
      }),
    );
  });

  it('property: left and right are in [0, 1] and the near channel keeps the volume level', () => {
    fc.assert(
      fc.property(fc.integer({ min: -50, max: 0 }), fc.integer({ min: -15, max: 15 }), (dB, pan) => {
        const g = channelGains(dB, pan);
        const level = 10 ** (dB / 20);
        const near = pan >= 0 ? g.right : g.left;
        return g.left >= 0 && g.left <= 1 && g.right >= 0 && g.right <= 1 && Math.abs(near - level) < 1e-12;
      }),
    );
  });
});
