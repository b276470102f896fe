/**
 * Golden: what the app plays (renderer/src/audio/decode.ts) and what an "as heard" export renders
 * start from the same samples (core/audio `retailSource`), for the demo dat's MP3 wave.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseWavStrict } from '../../core/audio';
import { MemoryByteSource } from '../../core/bytes/ByteSource';
import { DatFile, WAVE_RANGE } from '../../core/dat';
import { DEFAULT_SETTINGS } from '../../core/engine';
import { encodeWaveFormat, parseWave, writeWave, type Wave } from '../../core/objects';
import { pcmFormat } from '../../core/test/waveFixtures';
import { decodeParsed } from '../../renderer/src/audio/decode';
import { demoDatPath } from '../paths';
import { asHeardSource, decideAsHeard, renderAsHeardAudio } from './asHeard';

async function demoMp3(): Promise<Wave> {
  const dat = await DatFile.open(new MemoryByteSource(new Uint8Array(readFileSync(demoDatPath()))));
  for (const e of await dat.entriesInRange(WAVE_RANGE.min, WAVE_RANGE.max)) {
    const w = parseWave(await dat.readEntry(e));
    if (w.format.wFormatTag === 0x55) return w;
  }
  throw new Error('the demo dat has no MP3 wave');
}

describe('playback source == as-heard source (demo MP3)', () => {
  it('retail: both are the same 11025 Hz mono int16-rounded samples', async () => {
    const wave = await demoMp3();
    const played = await decodeParsed(wave.id, wave, 'retail');
    const heard = await asHeardSource(wave, 'retail');
    expect(heard.converted).toBe(true);
    expect(played.audio.sampleRate).toBe(11025);
    expect(heard.audio.sampleRate).toBe(11025);
    expect(played.audio.channels.length).toBe(1);
    expect(heard.audio.channels.length).toBe(1);
    const a = played.audio.channels[0]!;
    const b = heard.audio.channels[0]!;
    expect(a.length).toBeGreaterThan(1000);
    expect(Array.from(a)).toEqual(Array.from(b));
    for (const x of b) expect(Number.isInteger(x * 32768)).toBe(true);
    // At 0 m (gain 1, pan 0) the export's samples are exactly those int16 values.
    const settings = { ...DEFAULT_SETTINGS };
    const d = decideAsHeard(wave.id, settings);
    expect([d.left, d.right]).toEqual([1, 1]);
    const wav = parseWavStrict((await renderAsHeardAudio(wave, settings, d)).wav);
    expect(wav.sampleRate).toBe(11025);
    expect(wav.frames).toBe(b.length);
  });
  it('authored: both keep the decoded MP3 unchanged', async () => {
    const wave = await demoMp3();
    const played = await decodeParsed(wave.id, wave, 'authored');
    const heard = await asHeardSource(wave, 'authored');
    expect(heard.converted).toBe(false);
    expect(heard.audio.sampleRate).toBe(played.audio.sampleRate);
    expect(heard.audio.channels.map((c) => Array.from(c))).toEqual(played.audio.channels.map((c) => Array.from(c)));
  });
});

describe('a Wave with more than two channels: live and as heard follow the one rule (docs/formats/codecs.md §8.1)', () => {
  /** A writer-built 16-bit PCM Wave of 4 channels, 3 frames: channel c holds (c + 1) × 0.1 × frame sign. */
  function fourChannelWave(): Wave {
    const frames = [1, -1, 0.5];
    const data = new Uint8Array(frames.length * 4 * 2);
    const view = new DataView(data.buffer);
    frames.forEach((f, i) => {
      for (let c = 0; c < 4; c++) view.setInt16((i * 4 + c) * 2, Math.round((c + 1) * 0.1 * f * 32768), true);
    });
    return parseWave(writeWave({ id: 0x0a0000c4, formatBytes: encodeWaveFormat(pcmFormat(4, 22050, 16)), data }));
  }

  it('more than two channels are averaged to mono: the same samples live (decode) and as heard, in both modes', async () => {
    const wave = fourChannelWave();
    expect(wave.format.nChannels).toBe(4);
    for (const mode of ['retail', 'authored'] as const) {
      const played = await decodeParsed(wave.id, wave, mode);
      const heard = await asHeardSource(wave, mode);
      expect(played.audio.channels).toHaveLength(1);
      expect(heard.audio.channels).toHaveLength(1);
      expect(heard.downmixedFrom).toBe(4);
      expect(Array.from(played.audio.channels[0]!)).toEqual(Array.from(heard.audio.channels[0]!));
      // the mean of 0.1, 0.2, 0.3, 0.4 (as int16) times each frame's sign
      const want = [1, -1, 0.5].map((f) => [1, 2, 3, 4].reduce((s, k) => s + Math.round(k * 0.1 * f * 32768), 0) / 4);
      expect(Array.from(heard.audio.channels[0]!).map((x) => x * 32768)).toEqual(
        want.map((w) => Math.fround(w / 32768) * 32768),
      );
      expect(played.notes).toContain('4 channels averaged to mono (the rule for more than two channels)');
    }
  });

  it('as heard, the mono mix feeds both outputs × left and × right gain (bearing +90°: panned right)', async () => {
    const wave = fourChannelWave();
    const settings = { ...DEFAULT_SETTINGS, distance: 10, bearingDeg: 90 };
    const d = decideAsHeard(wave.id, settings);
    expect(d.left).toBeLessThan(d.right);
    const wav = parseWavStrict((await renderAsHeardAudio(wave, settings, d)).wav);
    expect(wav.channels).toBe(2);
    const mono = (await asHeardSource(wave, 'retail')).audio.channels[0]!;
    const pcm = new DataView(wav.data.buffer, wav.data.byteOffset, wav.data.byteLength);
    for (let i = 0; i < mono.length; i++) {
      expect(pcm.getInt16(i * 4, true) / 32768).toBeCloseTo(mono[i]! * d.left!, 4);
      expect(pcm.getInt16(i * 4 + 2, true) / 32768).toBeCloseTo(mono[i]! * d.right!, 4);
    }
  });
});
