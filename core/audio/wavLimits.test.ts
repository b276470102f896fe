import { describe, expect, it } from 'vitest';
import { DecodeError } from '../errors';
import { encodeWaveFormat, writeWave, parseWave, WAVE_FORMAT_PCM } from '../objects';
import { decodedWav, encodeWav16, int16Wav } from './wavWriter';
import { assertWritableWave } from './playable';
import { storedWavProblem, wavFormatProblem, WRITABLE_WAV_LIMITS } from './wavLimits';
import { parseWavStrict } from './wavStrict';

/** A PCM Wave with the given stored channels and rate (fields derived as the writer would, wrapping like u16/u32). */
function pcmWave(channels: number, rate: number, bits = 16): ReturnType<typeof parseWave> {
  const align = (channels * bits) / 8;
  const formatBytes = encodeWaveFormat({
    wFormatTag: WAVE_FORMAT_PCM,
    nChannels: channels,
    nSamplesPerSec: rate,
    nAvgBytesPerSec: (rate * align) >>> 0,
    nBlockAlign: align & 0xffff,
    wBitsPerSample: bits,
    cbSize: 0,
    mp3: null,
  });
  return parseWave(writeWave({ id: 0x0a000042, formatBytes, data: new Uint8Array(64) }));
}

describe('writable WAV formats: rate 100..384,000 Hz, 1..8 channels, fields that fit (issue #11 finding 4)', () => {
  it('wavFormatProblem accepts the bounds and refuses beyond them, naming the field', () => {
    expect(WRITABLE_WAV_LIMITS).toEqual({ rate: { min: 100, max: 384_000 }, channels: { min: 1, max: 8 } });
    for (const ok of [
      { channels: 1, sampleRate: 100, bitsPerSample: 16 },
      { channels: 8, sampleRate: 384_000, bitsPerSample: 32 },
      { channels: 2, sampleRate: 22_050, bitsPerSample: 8 },
    ]) {
      expect(wavFormatProblem(ok)).toBeNull();
    }
    expect(wavFormatProblem({ channels: 1, sampleRate: 0, bitsPerSample: 16 })).toMatch(/sample rate 0 Hz/);
    expect(wavFormatProblem({ channels: 1, sampleRate: 384_001, bitsPerSample: 16 })).toMatch(
      /sample rate 384001 Hz is outside 100\.\.384000/,
    );
    expect(wavFormatProblem({ channels: 1, sampleRate: 2 ** 31, bitsPerSample: 16 })).toMatch(
      /sample rate 2147483648 Hz/,
    );
    expect(wavFormatProblem({ channels: 1, sampleRate: 22_050.5, bitsPerSample: 16 })).toMatch(/sample rate/);
    expect(wavFormatProblem({ channels: 0, sampleRate: 22_050, bitsPerSample: 16 })).toMatch(/0 channels/);
    expect(wavFormatProblem({ channels: 9, sampleRate: 22_050, bitsPerSample: 16 })).toMatch(/9 channels/);
    expect(wavFormatProblem({ channels: 32_768, sampleRate: 22_050, bitsPerSample: 16 })).toMatch(/32768 channels/);
    expect(wavFormatProblem({ channels: 2, sampleRate: 22_050, bitsPerSample: 12 })).toMatch(/12 bits/);
  });

  it('decodedWav refuses a Wave of 2^31 Hz, 0, 9 or 32,768 channels with a DecodeError naming the Wave (before it was a WAV with wrapped fields)', async () => {
    for (const [ch, rate] of [
      [1, 2 ** 31],
      [1, 0xffffffff],
      [1, 384_001],
      [9, 22_050],
      [32_768, 22_050],
    ] as const) {
      const w = pcmWave(ch, rate);
      const err = await decodedWav(w).catch((e: unknown) => e);
      expect(err, `${ch} ch ${rate} Hz`).toBeInstanceOf(DecodeError);
      expect((err as DecodeError).message).toMatch(/^0x0A000042: cannot be exported as a WAV: /);
      expect(() => assertWritableWave(w)).toThrow(DecodeError);
    }
    // the bounds themselves are written, and pass the strict reader
    for (const [ch, rate] of [
      [1, 100],
      [8, 384_000],
    ] as const) {
      expect(parseWavStrict(await decodedWav(pcmWave(ch, rate)))).toMatchObject({ channels: ch, sampleRate: rate });
    }
  });

  it('the writers (int16Wav, encodeWav16: as-heard) never write a format outside the limits', () => {
    expect(() => int16Wav(new Int16Array(4), 1, 2 ** 31)).toThrow(/sample rate/);
    expect(() => int16Wav(new Int16Array(9), 9, 22_050)).toThrow(/9 channels/);
    expect(() => encodeWav16({ sampleRate: 500_000, channels: [new Float32Array(4)] })).toThrow(/sample rate 500000/);
  });

  it("storedWavProblem names what is wrong with a stored format (for the original export's note); null when valid", () => {
    expect(storedWavProblem(pcmWave(1, 22_050))).toBeNull();
    expect(storedWavProblem(pcmWave(1, 2 ** 31))).toMatch(/sample rate 2147483648/);
    expect(storedWavProblem(pcmWave(32_768, 22_050))).toMatch(/32768 channels/);
  });

  it('storedWavProblem: every format whose original is a WAV (PCM, MS ADPCM, IMA ADPCM) with 0 channels or rate 0 is named; MP3 (a bare .mp3) is not', () => {
    const withTag = (tag: number, channels: number, rate: number): ReturnType<typeof parseWave> => {
      const w = pcmWave(1, 22_050, 4);
      return { ...w, format: { ...w.format, wFormatTag: tag, nChannels: channels, nSamplesPerSec: rate } };
    };
    expect(storedWavProblem(pcmWave(0, 22_050))).toMatch(/0 channels is outside 1\.\.8/);
    for (const tag of [0x0002, 0x0011]) {
      expect(storedWavProblem(withTag(tag, 0, 22_050)), `tag ${tag}`).toMatch(/0 channels is outside 1\.\.8/);
      expect(storedWavProblem(withTag(tag, 1, 0)), `tag ${tag}`).toMatch(/sample rate 0 Hz/);
      expect(storedWavProblem(withTag(tag, 1, 22_050)), `tag ${tag}`).toBeNull();
    }
    expect(storedWavProblem(withTag(0x0055, 0, 22_050))).toBeNull();
  });
});
