import { describe, expect, it } from 'vitest';
import { encodeWaveFormat, writeWave, type WaveFormat } from '../../../core/objects';
import { decodeForPlayback, WaveLoadError } from './decode';
import { offersRawExport, problemText } from '../lib/waveProblem';

function waveBytes(id: number, f: Partial<WaveFormat>, data: Uint8Array): Uint8Array {
  const format: WaveFormat = {
    wFormatTag: 1,
    nChannels: 1,
    nSamplesPerSec: 11025,
    nAvgBytesPerSec: 11025,
    nBlockAlign: 1,
    wBitsPerSample: 8,
    cbSize: 0,
    mp3: null,
    ...f,
  };
  return writeWave({ id, formatBytes: encodeWaveFormat(format), data });
}

describe('decodeForPlayback', () => {
  it('decodes 8-bit unsigned PCM centred, at the wave’s own rate (pitfall #6)', async () => {
    const d = await decodeForPlayback(
      0x0a000001,
      waveBytes(0x0a000001, {}, new Uint8Array([0x80, 0x80, 0xc0, 0x40])),
      'retail',
    );
    expect(d.audio.sampleRate).toBe(11025);
    expect(Array.from(d.audio.channels[0]!)).toEqual([0, 0, 0.5, -0.5]);
    expect(d.notes).toEqual([]);
  });
  it('the one playability rule: a Wave of 0, 1 or 4,000,000,000 Hz is "Cannot decode" with the rule’s reason, before any decode or resampling', async () => {
    for (const rate of [0, 1, 4_000_000_000]) {
      // 1 Hz would otherwise be resampled to 8,000 Hz (8,000 times its frames), 4 GHz to a handful of frames
      const bytes = waveBytes(3, { nSamplesPerSec: rate, nAvgBytesPerSec: rate % 2 ** 32 }, new Uint8Array(4000));
      const e = (await decodeForPlayback(3, bytes, 'authored').catch((x: unknown) => x)) as WaveLoadError;
      expect(e, `${rate} Hz`).toBeInstanceOf(WaveLoadError);
      expect(problemText(e.problem)).toBe(`Cannot decode: sample rate ${rate} Hz is outside 100..384000 Hz`);
      expect(offersRawExport(e.problem)).toBe(true);
    }
  });
  it('resamples rates outside 8000–96000 Hz first', async () => {
    const d = await decodeForPlayback(
      2,
      waveBytes(2, { nSamplesPerSec: 4000, nAvgBytesPerSec: 4000 }, new Uint8Array(400).fill(0x80)),
      'authored',
    );
    expect(d.audio.sampleRate).toBe(8000);
    expect(d.notes.join()).toContain('4000 Hz → 8000 Hz');
  });
  it('reports an undecodable wave with its format tag and reason (pitfall #2)', async () => {
    const bytes = waveBytes(
      0x0a000005,
      { wFormatTag: 0x0031, wBitsPerSample: 4, nBlockAlign: 256 },
      new Uint8Array(256),
    );
    const err = await decodeForPlayback(0x0a000005, bytes, 'retail').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WaveLoadError);
    expect((err as WaveLoadError).formatTag).toBe(0x0031);
    expect((err as WaveLoadError).message).toContain('unsupported format 0x0031');
    expect((err as WaveLoadError).problem).toMatchObject({ kind: 'decode', name: 'DecodeError' });
  });
  it('reports bytes that are not a Wave object', async () => {
    const err = await decodeForPlayback(7, new Uint8Array([1, 2, 3]), 'retail').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WaveLoadError);
    expect((err as WaveLoadError).formatTag).toBeNull();
    expect((err as WaveLoadError).problem).toMatchObject({ kind: 'corrupt-wave', name: 'ObjectFormatError' });
  });
});

describe('an empty Wave (issue #10 defect 5)', () => {
  it('is "empty Wave (0 samples)", not "Cannot decode", and its original export is still offered', async () => {
    const err = await decodeForPlayback(0x0a000009, waveBytes(0x0a000009, {}, new Uint8Array(0)), 'retail').catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(WaveLoadError);
    const problem = (err as WaveLoadError).problem;
    expect(problem.kind).toBe('empty');
    expect(problemText(problem)).toBe('empty Wave (0 samples)');
    expect(offersRawExport(problem)).toBe(true);
  });
});
