/**
 * One MP3 length (docs/formats/codecs.md §6.2): a Wave's decode has exactly the frames the
 * listing counts from the frame headers, also on a damaged stream where the decoder alone
 * (ours, or libmpg123) disagrees.
 */
import { describe, expect, it } from 'vitest';
import { decodeWave } from '../audio';
import { parseWave, waveFacts } from '../objects';
import { mpg123Decode } from '../test/mpg123Reference';
import { concat, encodeMp3, firstMp3Frames, mp3WaveRecord, monoMp3_22050, sineInt16 } from '../test/waveFixtures';
import { decodeMpegStreamInto } from './mp3/wasmDecoder';

describe('one MP3 length: the decode has exactly the frames the listing counts', () => {
  it('a damaged stream (100 zero bytes at +97) decodes to the listed length, where mpg123 alone disagrees', async () => {
    const data = monoMp3_22050().slice();
    data.fill(0, 97, 197);
    const w = parseWave(mp3WaveRecord(0x0a000503, data));
    const listed = waveFacts(w).frames;
    const r = await mpg123Decode(data);
    expect(r.samplesDecoded).not.toBe(listed); // the case: mpg123 finds a frame the scan rejects
    const decoded = await decodeWave(w);
    expect(decoded.channels[0]!.length).toBe(listed);
  });

  it('a stream ending in a frame of another rate: the decoder drops frames, the decode is padded to the listed length', async () => {
    const odd = firstMp3Frames(encodeMp3(16000, 32, sineInt16(1600, 16000, 300)), 1);
    const data = concat(monoMp3_22050(), odd);
    const w = parseWave(mp3WaveRecord(0x0a000504, data));
    const listed = waveFacts(w).frames;
    expect(listed).toBe(42 * 576); // the scan counts the odd frame
    const raw = await decodeMpegStreamInto(data, 1, listed);
    // the decoder syncs on a frame only when the next header is of the same kind: it drops the odd
    // frame and the one before it
    expect(raw.samplesDecoded).toBe(40 * 576);
    const decoded = await decodeWave(w);
    expect(decoded.channels[0]!.length).toBe(listed);
    expect(decoded.channels[0]!.subarray(40 * 576).every((v) => v === 0)).toBe(true);
  });
});
