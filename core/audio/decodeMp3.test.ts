/**
 * MP3 decode failures are errors, never silence (core/codecs/mp3/decode.ts), with the real
 * decoder: data whose frames the decoder cannot sync on, and a decoder that throws.
 */
import { describe, expect, it } from 'vitest';
import { DecodeError } from '../errors';
import { parseWave, type Wave } from '../objects';
import { concat, encodeMp3, firstMp3Frames, mp3WaveRecord, monoMp3_22050, sineInt16 } from '../test/waveFixtures';
import { decodeWave } from './index';

describe('MP3 decode failures are errors, never silence', () => {
  it('frames the listing counts but the decoder cannot follow (no two alike) → DecodeError "produced no samples"', async () => {
    // one 22050 Hz mono frame, then one 44100 Hz stereo frame: the scan counts both, the decoder
    // syncs only on a frame followed by one of the same kind
    const tone = sineInt16(4410, 44100, 440);
    const data = concat(firstMp3Frames(monoMp3_22050(), 1), firstMp3Frames(encodeMp3(44100, 128, tone, tone), 1));
    const w = parseWave(mp3WaveRecord(0x0a000401, data));
    await expect(decodeWave(w)).rejects.toThrow(/0x0A000401: MP3 decoder produced no samples$/);
  });

  it('a throwing decoder → DecodeError; the next Wave decodes with a new decoder', async () => {
    const good = parseWave(mp3WaveRecord(0x0a000403, monoMp3_22050()));
    const before = await decodeWave(good);
    // bytes that throw when the decoder copies them into its memory
    const data = new Proxy(good.data, {
      get(target, key) {
        if (key === 'subarray') throw new Error('unreadable bytes');
        const v = Reflect.get(target, key, target) as unknown;
        return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
      },
    });
    const p = decodeWave({ ...good, id: 0x0a000404, data } as Wave);
    await expect(p).rejects.toBeInstanceOf(DecodeError);
    await expect(p).rejects.toThrow(/0x0A000404: MP3 decoder failed: unreadable bytes$/);
    const after = await decodeWave(good);
    expect(after.channels[0]).toEqual(before.channels[0]);
  });
});
