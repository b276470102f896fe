/**
 * Tests only: enough of an AudioContext for the Player's play() to reach the decode — running,
 * 48 kHz, nothing else. No voice can start on it (no nodes, no clock), so tests that use it stop
 * at the decision and the decode.
 */
export function decodeOnlyContext(): AudioContext {
  return {
    state: 'running',
    sampleRate: 48000,
    resume: () => Promise.resolve(),
    onstatechange: null,
  } as unknown as AudioContext;
}
