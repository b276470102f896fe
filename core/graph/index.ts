/** core/graph: the sound graph of a dat — who plays each sound (issue #7, docs/sound-graph.md). */
export type * from './types';
export { buildSoundGraph, GraphCancelledError } from './buildGraph';
export type { BuildGraphOptions } from './buildGraph';
export { SoundGraph, compareReferences } from './SoundGraph';
export {
  didOrNull,
  soundHookData,
  summarizeAnimation,
  summarizeMotionTable,
  summarizePhysicsScript,
  summarizePhysicsScriptTable,
  summarizeRegion,
  summarizeSetup,
} from './summarize';
export { creatureDetail, motionCandidates, motionTimeline } from './timeline';
export {
  isNoReverseSequence,
  motionLabel,
  NO_REVERSE_SEQUENCE,
  NoReverseSequenceError,
  noReverseSequenceText,
} from './reversePlay';
export type { MotionCandidate, TimelineContext } from './timeline';
export { MOTION_SPEED_MAX, MOTION_SPEED_MIN, motionSpeedProblem } from './motionSpeed';
export { MOTION_COMMAND_NAMES, motionByName, motionFromLow16, motionName } from './motionNames';
export { HOOK_PATH, soundHookRequest, waveHookCandidate } from './eventRequest';
