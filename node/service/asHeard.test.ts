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
import { parseWave, type Wave } from '../../core/objects';
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
