import { buildRiffWave, factBody } from '../../audio/riff';
import { DecodeError } from '../../errors';
import { scanMpegStream } from '../../objects/mpegFrames';
import type { Wave } from '../../objects/wave';
import { encodeWaveFormat } from '../../objects/waveFormat';
import { formatTagHex } from '../unsupported';
import { WAVE_FORMAT_MPEGLAYER3 } from './extension';

/**
 * "WAV container" export for MP3 waves (pitfalls #1): RIFF/WAVE with a 30-byte fmt chunk
 * (WAVEFORMATEX, cbSize 12, MPEGLAYER3WAVEFORMAT), a fact chunk (u32 sample length = PCM frames
 * from the MPEG headers) and the MPEG data (pad byte if odd). The stored 30-byte block is kept
 * verbatim when it has cbSize 12; otherwise one is synthesized from the first frame header
 * (wID 1, fdwFlags 2 = padding off, nBlockSize = first frame's bytes, 1 frame/block, codec delay 1393).
 * @throws DecodeError if the wave is not tag 0x0055 or holds no MPEG frame.
 */
export function mp3InWav(w: Wave): Uint8Array {
  if (w.format.wFormatTag !== WAVE_FORMAT_MPEGLAYER3) {
    throw new DecodeError(
      w.id,
      `WAV container export is for MP3 waves; this one is ${formatTagHex(w.format.wFormatTag)}`,
    );
  }
  const s = scanMpegStream(w.data);
  if (s.first === null) throw new DecodeError(w.id, 'MP3 data holds no MPEG audio frame');
  let fmt: Uint8Array;
  if (w.formatBytes.length === 30 && w.format.cbSize === 12 && w.format.mp3) {
    fmt = w.formatBytes;
  } else {
    const h = s.first;
    fmt = encodeWaveFormat({
      wFormatTag: WAVE_FORMAT_MPEGLAYER3,
      nChannels: h.channels,
      nSamplesPerSec: h.sampleRate,
      nAvgBytesPerSec: Math.round((h.bitrateKbps * 1000) / 8),
      nBlockAlign: 1,
      wBitsPerSample: 0,
      cbSize: 12,
      mp3: { wID: 1, fdwFlags: 2, nBlockSize: h.frameBytes, nFramesPerBlock: 1, nCodecDelay: 1393 },
    });
  }
  return buildRiffWave([
    { id: 'fmt ', body: fmt },
    { id: 'fact', body: factBody(s.pcmFrames) },
    { id: 'data', body: w.data },
  ]);
}
