/** core/codecs: one folder per codec behind one interface; `codecFor(formatTag)` picks it (docs/formats/codecs.md). */
export type { Codec, OriginalFile, WaveData, WaveFacts, WaveParts } from './types';
export {
  bitsBucketText,
  bitsMeaning,
  bitsText,
  CODECS,
  codecFor,
  formatTagHex,
  formatTagName,
  NO_BITS,
} from './registry';
export { WAVE_FORMAT_PCM, PCM_BIT_DEPTHS, decodePcm, pcmFrameBytes, pcmLayout, pcmToInt16 } from './pcm';
export { WAVE_FORMAT_MPEGLAYER3, Mp3ExtensionToken, decodeMp3 } from './mp3';
export type { Mp3Extension } from './mp3';
export {
  WAVE_FORMAT_ADPCM,
  MS_ADPCM_STANDARD_COEFFICIENTS,
  MsAdpcmCoefToken,
  MsAdpcmExtensionHeadToken,
  readMsAdpcmExtension,
  writeMsAdpcmExtension,
} from './msadpcm';
export type { MsAdpcmExtension, MsAdpcmCoef } from './msadpcm';
export { WAVE_FORMAT_IMA_ADPCM, ImaAdpcmExtensionToken } from './imaadpcm';
export type { ImaAdpcmExtension } from './imaadpcm';
