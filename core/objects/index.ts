export { SOUND_TYPE_NAMES, NUM_SOUND_TYPES, soundTypeLabel, soundTypeName } from './soundTypes';
export type { SoundEntry, SoundTableNode, SoundTable, SoundTypeRows } from './soundTable';
export {
  parseSoundTable,
  parseSoundTableRows,
  writeSoundTable,
  soundTypeEntries,
  MAX_SOUND_TABLE_CHILDREN,
  MAX_SOUND_TABLE_DEPTH,
} from './soundTable';
export type { Mp3Extension, WaveFormat } from './waveFormat';
export {
  WAVE_FORMAT_PCM,
  WAVE_FORMAT_MPEGLAYER3,
  MAX_WAVE_HEADER_SIZE,
  WaveFormatToken,
  WaveFormatExToken,
  parseWaveFormat,
  encodeWaveFormat,
  encodeWaveFormatEx,
  formatExtension,
  emptyWaveFormat,
} from './waveFormat';
export { formatTagHex, formatTagName } from '../codecs/registry';
export { pcmFrameBytes } from '../codecs/pcm/decode';
export type { Wave, WaveHeader } from './wave';
export { parseWave, parseWaveHeader, readWaveHeaderInto, ReusedWaveHeader, waveOfHeader, writeWave } from './wave';
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
export {
  REGION_PARTS,
  REGION_VERSION,
  LAND_DEFS,
  AMBIENT_SOUND_DESC,
  SKY_OBJECT,
  SKY_OBJECT_REPLACE,
  SKY_TIME_FIXED,
  TEX_MERGE_MAP,
  TERRAIN_TEX,
  TM_TERRAIN_DESC,
  REGION_MISC,
  parseRegion,
  writeRegion,
  regionSoundTableIds,
} from './region';
export { decodeCp1252, encodeCp1252, readLegacyString, writeLegacyString, MIN_LEGACY_STRING } from './legacyString';
export type { Vector3, Quaternion, Frame, Sphere, CylSphere } from './geometry';
export { VECTOR3, QUATERNION, FRAME, SPHERE, CYL_SPHERE, IDENTITY_FRAME } from './geometry';
export type {
  HookType,
  HookDirectionName,
  AnimationHook,
  HookOf,
  SoundHook,
  ReplaceObjectPayload,
} from './animationHooks';
export {
  HOOK_TYPE_NAMES,
  HOOK_TYPE,
  HOOK_DIRECTION,
  HOOK_PAYLOADS,
  MIN_HOOK_SIZE,
  hookDirectionName,
  isSoundHook,
  readHook,
  writeHook,
  readHooks,
  writeHooks,
  hookByteSize,
} from './animationHooks';
export type { AnimFrame, Animation, AnimationHooks } from './animation';
export {
  ANIMATION_POS_FRAMES,
  minAnimFrameSize,
  readAnimFrame,
  writeAnimFrame,
  parseAnimation,
  readAnimationHooks,
  writeAnimation,
} from './animation';
export type { LocationEntry, LightEntry, SetupDefaults, PlacementEntry, Setup } from './setup';
export {
  SETUP_FLAGS,
  LOCATION_ENTRY,
  LIGHT_ENTRY,
  SETUP_DEFAULTS,
  readSetupDefaults,
  parseSetup,
  writeSetup,
} from './setup';
export type { AnimData, StyleDefault, MotionData, MotionLinks, MotionTable } from './motionTable';
export {
  ANIM_DATA,
  STYLE_DEFAULT,
  MOTION_DATA_FLAGS,
  motionDataByteSize,
  parseMotionTable,
  writeMotionTable,
  motionTableAnimationIds,
} from './motionTable';
export type { ScriptEntry, PhysicsScript } from './physicsScript';
export { sortScriptEntries, physicsScriptLength, parsePhysicsScript, writePhysicsScript } from './physicsScript';
export type { ScriptAndMod, ScriptTypeEntry, PhysicsScriptTable } from './physicsScriptTable';
export {
  SCRIPT_AND_MOD,
  parsePhysicsScriptTable,
  writePhysicsScriptTable,
  getScript,
  scriptTableScriptIds,
} from './physicsScriptTable';
export type { FrameRange, TimedHook, NodeTimes, SequenceNode, SequenceHook } from './motionTime';
export {
  BACKWARD_START_EPSILON,
  DEFAULT_FRAMERATE,
  clampFrameRange,
  forwardHookTime,
  backwardHookTime,
  nodeDuration,
  nodeHookTimes,
  sequenceHookTimes,
} from './motionTime';
export type { RecipeRole, RecipeStep, MotionRecipe, RecipeOptions } from './motionRecipe';
export {
  MOTION_CLASS,
  motionKey,
  styleDefault,
  findCycle,
  findLink,
  findReverseLink,
  findModifier,
  motionRecipe,
  recipeAnimations,
} from './motionRecipe';
