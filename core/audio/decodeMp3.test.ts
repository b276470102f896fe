import { afterEach, describe, expect, it, vi } from 'vitest';
import { DecodeError } from '../errors';
import { parseWave } from '../objects';
import { mp3WaveRecord, monoMp3_22050 } from '../test/waveFixtures';

// The decoder is replaced so the failure paths that real garbage reaches only sometimes are
// exercised deterministically: mpg123 returns 0 samples with no error on garbage (stack.md).
const behaviour = vi.hoisted(() => ({ mode: 'zero' as 'zero' | 'errors' | 'throw' }));
const freed = vi.hoisted(() => ({ count: 0 }));
vi.mock('mpg123-decoder', () => ({
  MPEGDecoder: class {
    ready = Promise.resolve();
    decode(): unknown {
      if (behaviour.mode === 'throw') throw new Error('wasm trap');
      return {
        channelData: [new Float32Array(0), new Float32Array(0)],
        samplesDecoded: 0,
        sampleRate: 0,
        errors:
          behaviour.mode === 'errors'
            ? [
                {
                  message: 'illegal Audio-MPEG-Header',
                  frameLength: 0,
                  frameNumber: 0,
                  inputBytes: 0,
                  outputSamples: 0,
                },
              ]
            : [],
      };
    }
    free(): void {
      freed.count++;
    }
  },
}));

const { decodeWave } = await import('./index');

describe('MP3 decode failures are errors, never silence', () => {
  afterEach(() => {
    freed.count = 0;
  });

  it('0 samples and no decoder error → DecodeError "produced no samples"', async () => {
    behaviour.mode = 'zero';
    const w = parseWave(mp3WaveRecord(0x0a000401, monoMp3_22050()));
    await expect(decodeWave(w)).rejects.toThrow(/0x0A000401: MP3 decoder produced no samples$/);
    expect(freed.count).toBe(1);
  });

  it('0 samples with decoder errors → DecodeError quoting them', async () => {
    behaviour.mode = 'errors';
    const w = parseWave(mp3WaveRecord(0x0a000402, monoMp3_22050()));
    await expect(decodeWave(w)).rejects.toThrow(/produced no samples: illegal Audio-MPEG-Header/);
  });

  it('a throwing decoder → DecodeError, decoder freed', async () => {
    behaviour.mode = 'throw';
    const w = parseWave(mp3WaveRecord(0x0a000403, monoMp3_22050()));
    const p = decodeWave(w);
    await expect(p).rejects.toBeInstanceOf(DecodeError);
    await expect(p).rejects.toThrow(/MP3 decoder failed: wasm trap/);
    expect(freed.count).toBe(1);
  });
});
