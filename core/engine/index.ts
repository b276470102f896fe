/** The retail-faithful engine (retail-engine.md): pure, deterministic, no Web Audio, no clock. */
export * from './types';
export * from './random';
export * from './attenuation';
export * from './pan';
export * from './placement';
export * from './settings';
export * from './directsound';
export * from './variant';
export * from './VoicePool';
export * from './decide';
export * from './explain';
export * from './render';
export * from './histogram';
export * from './ambient';
