import { describe, expect, it } from 'vitest';
import {
  concat,
  encodeMp3,
  firstMp3Frames,
  id3v2Tag,
  mp3WaveRecord,
  monoMp3_22050,
  sineInt16,
} from '../test/waveFixtures';
import { id3v2Length, parseMpegFrameHeader, parseWave, scanMpegStream, waveFacts } from './index';

describe('MPEG audio frame-header parser', () => {
  it('parses MPEG-1 Layer III 128 kbps 44100 Hz stereo (0xFFFB9004)', () => {
    const h = parseMpegFrameHeader(new Uint8Array([0xff, 0xfb, 0x90, 0x04]), 0)!;
    expect(h).toMatchObject({
      version: 1,
      layer: 3,
      bitrateKbps: 128,
      sampleRate: 44100,
      padding: false,
      channels: 2,
      samplesPerFrame: 1152,
    });
    expect(h.frameBytes).toBe(417); // floor(144 × 128000 / 44100)
  });

  it('parses MPEG-2 Layer III 32 kbps 22050 Hz mono (channel mode 11)', () => {
    const h = parseMpegFrameHeader(new Uint8Array([0xff, 0xf3, 0x40, 0xc4]), 0)!;
    expect(h).toMatchObject({
      version: 2,
      layer: 3,
      bitrateKbps: 32,
      sampleRate: 22050,
      channelMode: 3,
      channels: 1,
      samplesPerFrame: 576,
    });
    expect(h.frameBytes).toBe(104); // floor(72 × 32000 / 22050)
  });

  it('parses MPEG-2.5 Layer III 11025 Hz with padding, and Layer I/II sizes', () => {
    const h = parseMpegFrameHeader(new Uint8Array([0xff, 0xe3, 0x22, 0xc4]), 0)!;
    expect(h).toMatchObject({
      version: 2.5,
      layer: 3,
      bitrateKbps: 16,
      sampleRate: 11025,
      padding: true,
      samplesPerFrame: 576,
    });
    expect(h.frameBytes).toBe(Math.floor((72 * 16000) / 11025) + 1);
    const l2 = parseMpegFrameHeader(new Uint8Array([0xff, 0xfd, 0x80, 0x00]), 0)!; // MPEG-1 L2 index 8 = 128k, 44.1 kHz
    expect(l2).toMatchObject({ layer: 2, samplesPerFrame: 1152, frameBytes: 417 });
    const l1 = parseMpegFrameHeader(new Uint8Array([0xff, 0xff, 0x90, 0x00]), 0)!; // MPEG-1 L1 index 9 = 288k
    expect(l1).toMatchObject({
      layer: 1,
      bitrateKbps: 288,
      samplesPerFrame: 384,
      frameBytes: Math.floor((12 * 288000) / 44100) * 4,
    });
  });

  it.each([
    ['no sync', [0xfe, 0xfb, 0x90, 0x04]],
    ['reserved version', [0xff, 0xeb, 0x90, 0x04]],
    ['reserved layer', [0xff, 0xf9, 0x90, 0x04]],
    ['free-format bitrate', [0xff, 0xfb, 0x00, 0x04]],
    ['bad bitrate', [0xff, 0xfb, 0xf0, 0x04]],
    ['reserved rate', [0xff, 0xfb, 0x9c, 0x04]],
  ])('rejects %s', (_n, b) => {
    expect(parseMpegFrameHeader(new Uint8Array(b), 0)).toBeNull();
  });

  it('walks lamejs frames: 1 s of 22050 Hz mono → 41 frames × 576', () => {
    const s = scanMpegStream(monoMp3_22050());
    expect(s.frameCount).toBe(41);
    expect(s.pcmFrames).toBe(41 * 576);
    expect(s.first?.channels).toBe(1);
    expect(s.junkBytes).toBe(0);
    expect(s.truncatedBytes).toBe(0);
  });

  it('skips a leading ID3v2 tag', () => {
    const tag = id3v2Tag('Asheron test tone');
    expect(id3v2Length(tag)).toBe(tag.length);
    const s = scanMpegStream(concat(tag, firstMp3Frames(monoMp3_22050(), 3)));
    expect(s.id3Bytes).toBe(tag.length);
    expect(s.frameCount).toBe(3);
    expect(s.junkBytes).toBe(0);
  });

  it('says where the audio frames start and end: after ID3v2 tag and junk, before an ID3v1 tag', () => {
    const tag = id3v2Tag('t');
    const frames = firstMp3Frames(monoMp3_22050(), 3);
    const v1 = new Uint8Array(128);
    v1.set([0x54, 0x41, 0x47]); // "TAG"
    const s = scanMpegStream(concat(tag, new Uint8Array(5), frames, v1));
    expect(s.firstOffset).toBe(tag.length + 5);
    expect(s.endOffset).toBe(tag.length + 5 + frames.length);
    expect(s.frameCount).toBe(3);
    const none = scanMpegStream(new Uint8Array(300));
    expect(none.firstOffset).toBeNull();
    expect(none.endOffset).toBe(300);
  });

  it('reports a truncated final frame and does not count it', () => {
    const three = firstMp3Frames(monoMp3_22050(), 3);
    const s = scanMpegStream(three.subarray(0, three.length - 10));
    expect(s.frameCount).toBe(2);
    expect(s.truncatedBytes).toBeGreaterThan(0);
  });

  it('MPEG-1 stereo 44100: 1152 samples per frame', () => {
    const tone = sineInt16(44100, 44100, 440);
    const s = scanMpegStream(encodeMp3(44100, 128, tone, tone));
    expect(s.first).toMatchObject({ version: 1, channels: 2, samplesPerFrame: 1152 });
    expect(s.pcmFrames).toBe(s.frameCount * 1152);
  });
});

describe('waveFacts for MP3 come from the frame headers (pitfall #3)', () => {
  it('mono stream in a header that claims stereo 44100: facts say 1 ch, 22050 Hz; lint flags both', () => {
    const w = parseWave(mp3WaveRecord(0x0a000393, monoMp3_22050(), { nChannels: 2, nSamplesPerSec: 44100 }));
    expect(waveFacts(w)).toEqual({ frames: 23616, durationSec: 23616 / 22050, channels: 1, sampleRate: 22050 });
    expect(w.warnings).toEqual([
      'MPEG frames are 22050 Hz but the header says 44100 Hz',
      'MPEG frames are mono (1 ch) but the header says 2 channels',
    ]);
  });

  it('MP3 data with no frames: lint warns, facts fall back to the header with 0 frames', () => {
    const w = parseWave(mp3WaveRecord(0x0a000394, firstMp3Frames(monoMp3_22050(), 1)));
    const garbage = { ...w, data: new Uint8Array(500).fill(0x11) };
    expect(waveFacts(garbage)).toMatchObject({ frames: 0, channels: 1, sampleRate: 22050 });
  });
});
