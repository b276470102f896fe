export { SOUND_TYPE_NAMES, NUM_SOUND_TYPES, soundTypeName } from './soundTypes';
export type { SoundEntry, SoundTableNode, SoundTable } from './soundTable';
export { parseSoundTable, writeSoundTable, MAX_SOUND_TABLE_CHILDREN, MAX_SOUND_TABLE_DEPTH } from './soundTable';
export type { Mp3Extension, WaveFormat } from './waveFormat';
export {
  WAVE_FORMAT_PCM,
  WAVE_FORMAT_MPEGLAYER3,
  MAX_WAVE_HEADER_SIZE,
  parseWaveFormat,
  encodeWaveFormat,
  formatTagHex,
  formatTagName,
  pcmFrameBytes,
} from './waveFormat';
export type { Wave, WaveHeader } from './wave';
export { parseWave, parseWaveHeader, writeWave } from './wave';
export { lintWave, lintWaveFromLength } from './waveLint';
export type { WaveFacts } from './waveFacts';
export { waveFacts, waveFactsFromLength } from './waveFacts';
export type { MpegVersion, MpegFrameHeader, MpegStreamInfo } from './mpegFrames';
export { parseMpegFrameHeader, id3v2Length, scanMpegStream } from './mpegFrames';
export type {
  AmbientSoundDesc,
  AmbientSTBDesc,
  SceneType,
  TerrainType,
  LandDefs,
  GameTime,
  SkyObject,
  SkyObjectReplace,
  SkyTimeOfDay,
  DayGroup,
  SkyDesc,
  TerrainTex,
  TexMergeMap,
  TexMerge,
  RegionMisc,
  Region,
} from './region';
