import { describe, expect, it } from 'vitest';
import { WavFormatError } from '../errors';
import { concat } from '../test/waveFixtures';
import { buildRiffWave, encodeWav16, parseWavStrict, pcmFmtBody } from './index';

const ascii = (s: string): Uint8Array => new Uint8Array([...s].map((c) => c.charCodeAt(0)));
function le32(n: number): Uint8Array {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, n, true);
  return b;
}
/** Hand-assembles a RIFF file exactly as given (no automatic pad, optional RIFF size override). */
function rawRiff(parts: Uint8Array[], riffSize?: number): Uint8Array {
  const body = concat(ascii('WAVE'), ...parts);
  return concat(ascii('RIFF'), le32(riffSize ?? body.length), body);
}
const chunk = (id: string, body: Uint8Array, pad = body.length % 2 === 1): Uint8Array =>
  concat(ascii(id), le32(body.length), body, pad ? new Uint8Array(1) : new Uint8Array(0));
function expectWavError(bytes: Uint8Array, offset: number, re: RegExp): void {
  try {
    parseWavStrict(bytes);
  } catch (e) {
    expect(e).toBeInstanceOf(WavFormatError);
    expect((e as WavFormatError).offset).toBe(offset);
    expect((e as Error).message).toMatch(re);
    return;
  }
  throw new Error('expected WavFormatError');
}

describe('parseWavStrict: the strict RIFF/WAVE reader', () => {
  const fmt8 = pcmFmtBody(1, 11025, 8);
  const seven = new Uint8Array([0x80, 1, 2, 3, 4, 5, 6]);

  it('accepts a canonical 16-bit file and returns format, data and chunks', () => {
    const wav = encodeWav16({ sampleRate: 22050, channels: [new Float32Array([0, 0.5, -0.5])] });
    const s = parseWavStrict(wav);
    expect(s).toMatchObject({
      formatTag: 1,
      channels: 1,
      sampleRate: 22050,
      avgBytesPerSec: 44100,
      blockAlign: 2,
      bitsPerSample: 16,
      cbSize: null,
      frames: 3,
    });
    expect(s.chunks.map((c) => [c.id, c.offset, c.size])).toEqual([
      ['fmt ', 12, 16],
      ['data', 36, 6],
    ]);
    expect(Array.from(s.data)).toEqual([0, 0, 0, 0x40, 0, 0xc0]);
  });

  it('pitfall #5: accepts a LIST chunk after an odd 7-byte data chunk and its zero pad byte', () => {
    const info = concat(ascii('INFO'), chunk('INAM', ascii('odd\0')));
    const wav = rawRiff([chunk('fmt ', fmt8), chunk('data', seven), chunk('LIST', info)]);
    const s = parseWavStrict(wav);
    expect(s.data.length).toBe(7);
    expect(s.chunks.map((c) => c.id)).toEqual(['fmt ', 'data', 'LIST']);
    expect(s.chunks[2]!.offset).toBe(12 + 24 + 8 + 7 + 1);
  });

  it('pitfall #5: rejects a missing pad byte at the end of the file (RIFF size consistent)', () => {
    const wav = rawRiff([chunk('fmt ', fmt8), chunk('data', seven, false)]);
    expectWavError(wav, wav.length, /missing pad byte after odd-length chunk "data"/);
  });

  it('pitfall #5: rejects a missing pad byte before a following chunk (misaligned id)', () => {
    const wav = rawRiff([chunk('fmt ', fmt8), chunk('data', seven, false), chunk('LIST', ascii('INFO'))]);
    expectWavError(wav, 12 + 24 + 8 + 7, /pad byte .* is 0x4c, not 0|invalid chunk id/);
  });

  it('rejects a wrong RIFF size (ACE writes D + 36 and no pad for odd data)', () => {
    const good = rawRiff([chunk('fmt ', fmt8), chunk('data', seven)]);
    expectWavError(
      rawRiff([chunk('fmt ', fmt8), chunk('data', seven)], good.length - 8 - 1),
      4,
      /RIFF size 43 ≠ file length − 8 = 44/,
    );
    expectWavError(rawRiff([chunk('fmt ', fmt8), chunk('data', seven)], good.length), 4, /RIFF size/);
  });

  it('rejects bad blockAlign (pitfall #7 Wave A header) and bad byte rate', () => {
    const bad = pcmFmtBody(1, 22050, 16);
    new DataView(bad.buffer).setUint16(12, 4, true);
    expectWavError(
      rawRiff([chunk('fmt ', bad), chunk('data', new Uint8Array(4))]),
      12 + 8 + 12,
      /nBlockAlign 4 ≠ nChannels×wBitsPerSample\/8 = 2/,
    );
    const rate = pcmFmtBody(1, 22050, 16);
    new DataView(rate.buffer).setUint32(8, 88200, true);
    expectWavError(
      rawRiff([chunk('fmt ', rate), chunk('data', new Uint8Array(4))]),
      12 + 8 + 8,
      /nAvgBytesPerSec 88200 ≠ nSamplesPerSec×nBlockAlign = 44100/,
    );
  });

  it('rejects PCM data that is not a whole number of frames', () => {
    const wav = rawRiff([chunk('fmt ', pcmFmtBody(2, 8000, 16)), chunk('data', new Uint8Array(6))]);
    expectWavError(wav, 12 + 24 + 4, /data size 6 is not a whole number of 4-byte frames/);
  });

  it('rejects data before fmt, missing fmt/data, fmt < 16, trailing garbage, overrunning chunk, bad cbSize', () => {
    expectWavError(rawRiff([chunk('data', seven), chunk('fmt ', fmt8)]), 12, /"data" chunk before "fmt "/);
    expectWavError(rawRiff([chunk('fmt ', fmt8)]), 12, /no "data" chunk/);
    expectWavError(rawRiff([chunk('LIST', ascii('INFO'))]), 12, /no "fmt " chunk/);
    expectWavError(rawRiff([chunk('fmt ', fmt8.subarray(0, 14)), chunk('data', seven)]), 16, /fmt size 14 < 16/);
    expectWavError(
      rawRiff([chunk('fmt ', fmt8), chunk('data', seven), new Uint8Array(3)]),
      12 + 24 + 16,
      /3 trailing bytes/,
    );
    const over = rawRiff([chunk('fmt ', fmt8), concat(ascii('data'), le32(100), seven, new Uint8Array(1))]);
    expectWavError(over, 12 + 24 + 4, /chunk "data" size 100 overruns the file/);
    const cb = concat(pcmFmtBody(1, 8000, 8), new Uint8Array([4, 0]));
    expectWavError(
      rawRiff([chunk('fmt ', cb), chunk('data', new Uint8Array(2))]),
      12 + 8 + 16,
      /cbSize 4 > the 0 extension bytes/,
    );
    expect(() => parseWavStrict(ascii('RIFF'))).toThrow(WavFormatError);
    expectWavError(concat(ascii('RIFX'), le32(4), ascii('WAVE')), 0, /missing "RIFF"/);
  });

  it('non-PCM requires a fact chunk', () => {
    const fmt = new Uint8Array(30);
    new DataView(fmt.buffer).setUint16(0, 0x55, true);
    new DataView(fmt.buffer).setUint16(2, 1, true);
    new DataView(fmt.buffer).setUint32(4, 22050, true);
    new DataView(fmt.buffer).setUint16(16, 12, true);
    expectWavError(
      rawRiff([chunk('fmt ', fmt), chunk('data', seven)]),
      12,
      /non-PCM format 0x0055 without a "fact" chunk/,
    );
    const ok = parseWavStrict(
      buildRiffWave([
        { id: 'fmt ', body: fmt },
        { id: 'fact', body: le32(576) },
        { id: 'data', body: seven },
      ]),
    );
    expect(ok.frames).toBe(576);
    expect(ok.factSampleLength).toBe(576);
  });
});
