/** The ambient scheduler, its rules and the offline mixer (retail-engine §5.3; sound-sources §6.4–§6.7; docs/ambient.md). */
export * from './weight';
export * from './octant';
export * from './rollDice';
export * from './resolve';
export * from './ring';
export * from './registry';
export * from './emitter';
export * from './event';
export * from './queue';
export * from './scheduler';
export * from './mixer';
export * from './choices';
export * from './soundscape';
