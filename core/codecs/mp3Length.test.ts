/**
 * One MP3 length (docs/formats/codecs.md §6.2): a Wave's decode has exactly the frames the
 * listing counts from the frame headers, also on a damaged stream where mpg123 alone disagrees.
 */
import { MPEGDecoder } from 'mpg123-decoder';
import { describe, expect, it } from 'vitest';
import { decodeWave } from '../audio';
import { parseWave, waveFacts } from '../objects';
import { mp3WaveRecord, monoMp3_22050 } from '../test/waveFixtures';

describe('one MP3 length: the decode has exactly the frames the listing counts', () => {
  it('a damaged stream (100 zero bytes at +97) decodes to the listed length, where mpg123 alone disagrees', async () => {
    const data = monoMp3_22050().slice();
    data.fill(0, 97, 197);
    const w = parseWave(mp3WaveRecord(0x0a000503, data));
    const listed = waveFacts(w).frames;
    const raw = new MPEGDecoder({ enableGapless: false });
    await raw.ready;
    const r = raw.decode(data);
    raw.free();
    expect(r.samplesDecoded).not.toBe(listed); // the case: mpg123 finds a frame the scan rejects
    const decoded = await decodeWave(w);
    expect(decoded.channels[0]!.length).toBe(listed);
  });
});
