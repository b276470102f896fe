export type { PcmAudio } from './pcmAudio';
export { frameCount, assertPcmAudio } from './pcmAudio';
export { decodeWave } from './decode';
export { decodeMp3 } from '../codecs/mp3/decode';
export { mp3InWav } from '../codecs/mp3/wav';
export { decodePcm, pcmToInt16, pcmLayout, PCM_BIT_DEPTHS } from '../codecs/pcm/decode';
export { encodeWav16, wav16Stream, decodedWav, originalFile, floatToInt16, int16Wav } from './wavWriter';
export type { AudioStreamEncoder, AudioStreamFormat } from './wavWriter';
export type { RiffChunk } from './riff';
export { buildRiffWave, pcmFmtBody, factBody, RiffHeaderToken, ChunkHeaderToken, FactToken } from './riff';
export type { StrictWav, WavChunkInfo } from './wavStrict';
export { parseWavStrict } from './wavStrict';
export {
  resample,
  toRetailPcm,
  downmixToMono,
  ensurePlayableRate,
  ensurePlayableRateSteps,
  resampleSteps,
  runSteps,
  toRetailPcmSteps,
  PLAYABLE_RATE_RANGE,
  RETAIL_PCM_RATE,
} from './resample';
export type { Steps } from './resample';
export type { RetailSource } from './retailSource';
export { gaplessTrimOf, MAX_PLAYED_CHANNELS, playedChannels, retailSource, retailSourceSteps } from './retailSource';
export { WRITABLE_WAV_LIMITS, wavFormatProblem, storedWavProblem } from './wavLimits';
export { assertWritableWave, playProblemOf, wavePlayProblem } from './playable';
export type { PlayableFields } from './playable';
export type { WavFormatFields } from './wavLimits';
