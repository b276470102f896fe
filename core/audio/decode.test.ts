import { describe, expect, it } from 'vitest';
import { DecodeError } from '../errors';
import { parseWave, waveFacts } from '../objects';
import {
  encodeMp3,
  id3v2Tag,
  concat,
  int16Bytes,
  mp3WaveRecord,
  monoMp3_22050,
  pcmFormat,
  sineInt16,
  waveRecordFor,
} from '../test/waveFixtures';
import { decodeWave } from './index';

describe('decodeWave: PCM (dat-format §5.3 tag 1)', () => {
  it('pitfall #6: 8-bit PCM is unsigned — 0x80 decodes to 0, 0x40 to −0.5, 0xC0 to +0.5, 0x00 to −1, 0xFF to 127/128', async () => {
    const w = parseWave(
      waveRecordFor(0x0a000006, pcmFormat(1, 11025, 8), new Uint8Array([0x80, 0x40, 0xc0, 0x00, 0xff])),
    );
    const a = await decodeWave(w);
    expect(a.sampleRate).toBe(11025);
    expect(a.channels).toHaveLength(1);
    expect(Array.from(a.channels[0]!)).toEqual([0, -0.5, 0.5, -1, 127 / 128]);
  });

  it('16-bit signed little-endian / 32768, stereo de-interleaved', async () => {
    const l = new Int16Array([0, 16384, -32768, 32767]);
    const r = new Int16Array([-1, -16384, 1, 0]);
    const a = await decodeWave(parseWave(waveRecordFor(0x0a000007, pcmFormat(2, 44100, 16), int16Bytes(l, r))));
    expect(a.channels).toHaveLength(2);
    expect(Array.from(a.channels[0]!)).toEqual([0, 0.5, -1, 32767 / 32768]);
    expect(Array.from(a.channels[1]!)).toEqual([-1 / 32768, -0.5, 1 / 32768, 0]);
  });

  it('any channel count (6-channel 16-bit) and 24/32-bit PCM', async () => {
    const six = await decodeWave(
      parseWave(waveRecordFor(0x0a000008, pcmFormat(6, 48000, 16), new Uint8Array(6 * 2 * 5))),
    );
    expect(six.channels).toHaveLength(6);
    expect(six.channels[5]!.length).toBe(5);
    const d24 = new Uint8Array([0x00, 0x00, 0x40, 0x00, 0x00, 0xc0, 0xff, 0xff, 0xff]);
    const a24 = await decodeWave(parseWave(waveRecordFor(0x0a000009, pcmFormat(1, 8000, 24), d24)));
    expect(Array.from(a24.channels[0]!)).toEqual([0.5, -0.5, -1 / 8388608]);
    const d32 = new Uint8Array([0, 0, 0, 0x40, 0, 0, 0, 0x80]);
    const a32 = await decodeWave(parseWave(waveRecordFor(0x0a00000a, pcmFormat(1, 8000, 32), d32)));
    expect(Array.from(a32.channels[0]!)).toEqual([0.5, -1]);
  });

  it('pitfall #8: a trailing partial frame is dropped', async () => {
    const a = await decodeWave(
      parseWave(waveRecordFor(0x0a00000b, pcmFormat(2, 22050, 16), new Uint8Array(4 * 10 + 3))),
    );
    expect(a.channels[0]!.length).toBe(10);
  });

  it('pitfall #7: frame size from channels × bits/8, not nBlockAlign (blockAlign 4 on 16-bit mono)', async () => {
    const tone = sineInt16(22050, 22050, 440);
    const w = parseWave(
      waveRecordFor(0x0a00000c, pcmFormat(1, 22050, 16, { nBlockAlign: 4, nAvgBytesPerSec: 88200 }), int16Bytes(tone)),
    );
    const a = await decodeWave(w);
    expect(a.channels[0]!.length).toBe(22050);
    expect(a.channels[0]![100]).toBe(tone[100]! / 32768);
  });

  it('rejects PCM with 0 channels, rate 0 or 12-bit samples with DecodeError (never silence)', async () => {
    for (const f of [pcmFormat(1, 22050, 16, { nChannels: 0 }), pcmFormat(1, 0, 16), pcmFormat(1, 22050, 12)]) {
      await expect(decodeWave(parseWave(waveRecordFor(0x0a00000d, f, new Uint8Array(8))))).rejects.toBeInstanceOf(
        DecodeError,
      );
    }
  });
});

describe('decodeWave: other tags', () => {
  it.each([
    [0x0031, 'unsupported format 0x0031'],
    [0x0160, 'unsupported format 0x0160'],
    [0xfffe, 'unsupported format 0xFFFE'],
  ])('tag %i → DecodeError(%s)', async (tag, msg) => {
    const w = parseWave(waveRecordFor(0x0a00000e, pcmFormat(1, 22050, 4, { wFormatTag: tag }), new Uint8Array(256)));
    const p = decodeWave(w);
    await expect(p).rejects.toBeInstanceOf(DecodeError);
    await expect(p).rejects.toThrow(`0x0A00000E: ${msg}`);
  });
});

describe('decodeWave: MP3 via mpg123-decoder (tag 0x55)', () => {
  it('pitfall #3: mono MP3 decodes to ONE channel at the right length and rate', async () => {
    const w = parseWave(mp3WaveRecord(0x0a000393, monoMp3_22050()));
    const a = await decodeWave(w);
    expect(a.channels).toHaveLength(1);
    expect(a.sampleRate).toBe(22050);
    expect(a.channels[0]!.length).toBe(23616); // 41 frames × 576
    expect(a.channels[0]!.length).toBe(waveFacts(w).frames);
    // audible, not silence: a 440 Hz tone of amplitude 8000/32768 ≈ 0.24
    const peak = a.channels[0]!.reduce((m, x) => Math.max(m, Math.abs(x)), 0);
    expect(peak).toBeGreaterThan(0.15);
  });

  it('pitfall #3: channels come from the MPEG header even when the fmt says stereo', async () => {
    const w = parseWave(mp3WaveRecord(0x0a000394, monoMp3_22050(), { nChannels: 2 }));
    const a = await decodeWave(w);
    expect(a.channels).toHaveLength(1);
  });

  it('stereo MPEG-1 decodes to two distinct channels', async () => {
    const left = sineInt16(44100, 44100, 440);
    const right = sineInt16(44100, 44100, 1000, 2000);
    const w = parseWave(mp3WaveRecord(0x0a000395, encodeMp3(44100, 128, left, right)));
    const a = await decodeWave(w);
    expect(a.channels).toHaveLength(2);
    expect(a.channels[0]!.length).toBe(waveFacts(w).frames);
    const peak = (c: Float32Array): number => c.reduce((m, x) => Math.max(m, Math.abs(x)), 0);
    expect(peak(a.channels[0]!)).toBeGreaterThan(2 * peak(a.channels[1]!));
  });

  it('MPEG-2.5 11025 Hz mono with a leading ID3v2 tag', async () => {
    const mp3 = concat(id3v2Tag('tone'), encodeMp3(11025, 16, sineInt16(11025, 11025, 300)));
    const w = parseWave(mp3WaveRecord(0x0a000396, mp3));
    const a = await decodeWave(w);
    expect(a.sampleRate).toBe(11025);
    expect(a.channels).toHaveLength(1);
    expect(a.channels[0]!.length).toBe(12672); // 22 × 576
    expect(waveFacts(w).frames).toBe(12672);
  });

  it('garbage data (0 samples, no decoder error) → DecodeError, not silence', async () => {
    const w = parseWave(mp3WaveRecord(0x0a000397, monoMp3_22050()));
    const garbage = { ...w, data: new Uint8Array(5000).map((_, i) => (i * 7919) & 0x7f) };
    await expect(decodeWave(garbage)).rejects.toBeInstanceOf(DecodeError);
    await expect(decodeWave({ ...w, data: new Uint8Array(0) })).rejects.toThrow(/no MPEG audio frame/);
  });
});
