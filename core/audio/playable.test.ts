/**
 * The one playability rule (core/audio/playable.ts): what plays, what the Waves list marks and
 * what the decoded export writes are decided by one function, in the same words everywhere.
 */
import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../bytes/ByteSource';
import { DatFile, writeDat } from '../dat';
import { DecodeError } from '../errors';
import { indexDat, playProblem } from '../index';
import { parseWave } from '../objects';
import { encodeMp3, mp3Format, pcmFormat, sineInt16, waveRecordFor, int16Bytes } from '../test/waveFixtures';
import { assertWritableWave, playProblemOf, wavePlayProblem } from './playable';
import { decodedWav } from './wavWriter';

const pcm = (over: Partial<Parameters<typeof playProblemOf>[0]> = {}) => ({
  formatTag: 1,
  channels: 1,
  sampleRate: 22_050,
  bitsPerSample: 16,
  ...over,
});

/** A PCM Wave of `rate` Hz (nAvgBytesPerSec wrapped as its u32 field would be). */
function pcmWave(rate: number, channels = 1) {
  const f = pcmFormat(channels, rate, 16, { nAvgBytesPerSec: (rate * channels * 2) % 2 ** 32 });
  return parseWave(waveRecordFor(0x0a000042, f, int16Bytes(sineInt16(64, 22_050, 440))));
}

describe('playProblemOf: one rule for what can be decoded, played and written', () => {
  it('a sample rate outside 100..384,000 Hz (0, 1, 99, 384,001, 4,000,000,000, fractional) is refused, naming it; the bounds pass', () => {
    for (const rate of [0, 1, 99, 384_001, 4_000_000_000, 22_050.5])
      expect(playProblemOf(pcm({ sampleRate: rate })), `${rate} Hz`).toBe(
        `sample rate ${rate} Hz is outside 100..384000 Hz`,
      );
    for (const rate of [100, 8_000, 11_025, 44_100, 384_000])
      expect(playProblemOf(pcm({ sampleRate: rate }))).toBeNull();
  });

  it('channels outside 1..8 are refused, naming them', () => {
    expect(playProblemOf(pcm({ channels: 0 }))).toBe('0 channels is outside 1..8');
    expect(playProblemOf(pcm({ channels: 9 }))).toBe('9 channels is outside 1..8');
    expect(playProblemOf(pcm({ channels: 8 }))).toBeNull();
  });

  it('a format tag without a decoder is "unsupported format 0x0031", whatever its fields', () => {
    expect(playProblemOf(pcm({ formatTag: 0x0031 }))).toBe('unsupported format 0x0031');
    expect(playProblemOf(pcm({ formatTag: 0xfffe, sampleRate: 0 }))).toBe('unsupported format 0xFFFE');
  });

  it('PCM with a bit depth no decoder reads is refused; other codecs do not store a sample size', () => {
    expect(playProblemOf(pcm({ bitsPerSample: 12 }))).toBe('12 bits per sample is not 8, 16, 24 or 32');
    for (const bits of [8, 16, 24, 32]) expect(playProblemOf(pcm({ bitsPerSample: bits }))).toBeNull();
    expect(playProblemOf(pcm({ formatTag: 0x0002, bitsPerSample: 4 }))).toBeNull(); // MS ADPCM: 4 bits per code
    expect(playProblemOf(pcm({ formatTag: 0x0055, bitsPerSample: 0 }))).toBeNull(); // MP3
  });

  it('wavePlayProblem reads an MP3 Wave’s channels and rate from its frames, not its format block', () => {
    const mp3 = encodeMp3(22_050, 32, sineInt16(2_304, 22_050, 440));
    const w = parseWave(waveRecordFor(0x0a000063, mp3Format(1, 0, 32, 104), mp3));
    expect(w.format.nSamplesPerSec).toBe(0);
    expect(wavePlayProblem(w)).toBeNull();
  });

  it('the Waves list, the engine lookup and the decoded export say the same reason for a Wave of 0, 1 or 4,000,000,000 Hz', async () => {
    for (const rate of [0, 1, 4_000_000_000]) {
      const wave = pcmWave(rate);
      const reason = `sample rate ${rate} Hz is outside 100..384000 Hz`;
      expect(wavePlayProblem(wave)).toBe(reason);
      // the listing row of the same Wave in a dat (what the app's list and the engine's lookup ask)
      const dat = await DatFile.open(
        new MemoryByteSource(writeDat([{ id: wave.id, data: waveRecordFor(wave.id, wave.format, wave.data) }])),
      );
      const row = (await indexDat(dat)).waves.byId.get(wave.id)!;
      expect(playProblem(row)).toBe(reason);
      // the export refuses it with that reason, naming the Wave
      expect(() => assertWritableWave(wave)).toThrow(
        new DecodeError(wave.id, `cannot be exported as a WAV: ${reason}`),
      );
      await expect(decodedWav(wave)).rejects.toThrow(`0x0A000042: cannot be exported as a WAV: ${reason}`);
    }
    // a Wave the rule takes is written
    expect((await decodedWav(pcmWave(22_050))).length).toBeGreaterThan(44);
  });
});
