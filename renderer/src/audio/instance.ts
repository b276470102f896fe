/** The app's single Player, wired to the service bridge and the wave list; exposed as `window.__acsound.player`. */
import { getBridge } from '../bridge';
import { useDat } from '../state/datStore';
import { Player } from './Player';

let durations = new Map<number, number>();
let durationsFor: unknown = null;

function durationOf(id: number): number {
  const waves = useDat.getState().waves;
  if (durationsFor !== waves) {
    durations = new Map(waves.map((w) => [w.id, w.durationSec]));
    durationsFor = waves;
  }
  return durations.get(id) ?? 0;
}

export const player = new Player({
  loadBytes: (id) => getBridge().getWaveBytes(id),
  durationOf,
});

declare global {
  interface Window {
    /** Diagnostics for tests and power users (docs/ui-contract.md). */
    __acsound?: { player: Player };
  }
}

if (typeof window !== 'undefined') {
  window.__acsound = { player };
  // Autoplay fallback (pitfall #10): the first input creates/resumes the context.
  const onFirstInput = (): void => {
    void player.resume();
  };
  window.addEventListener('pointerdown', onFirstInput, { capture: true });
  window.addEventListener('keydown', onFirstInput, { capture: true });
}
