/**
 * core/graph: the sound graph of a dat — who plays each sound (issue #7, docs/sound-graph.md).
 * The names other folders use (the service, the CLI, the renderer); the graph's types reach them
 * through core/contract.ts, the rest is imported from its own module (./summarize, ./reversePlay…).
 */
export { buildSoundGraph, GraphCancelledError } from './buildGraph';
export { SoundGraph } from './SoundGraph';
export { creatureDetail, motionTimeline } from './timeline';
export type { TimelineContext } from './timeline';
export { motionSpeedProblem } from './motionSpeed';
export { motionByName, motionName } from './motionNames';
export { waveHookCandidate } from './eventRequest';
