/**
 * React bindings for the Player: the one instance comes from {@link PlayerContext} (provided by
 * the composition root, renderer/src/main.tsx), read with useSyncExternalStore over its cached
 * snapshot, plus per-frame readers.
 */
import { createContext, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import type { EngineMode } from '../../../core/engine/types';
import type { Wave } from '../../../core/objects';
import { classifyWaveError, WaveLoadError, type WaveProblem } from '../lib/waveProblem';
import type { DecodedWave } from './decode';
import type { Player, PlayerSnapshot } from './Player';

/** The app's one Player, provided once at the root (renderer/src/main.tsx). */
export const PlayerContext = createContext<Player | null>(null);

/** The Player for per-frame reads (position, peak, pool snapshot); throws outside the provider. */
export function usePlayerInstance(): Player {
  const player = useContext(PlayerContext);
  if (!player)
    throw new Error('no Player: render inside <PlayerContext value={player}> (see renderer/src/app/compose.ts)');
  return player;
}

/** Subscribes to one field (re-renders only when it changes). */
export function usePlayer<T>(select: (s: PlayerSnapshot) => T): T {
  const player = usePlayerInstance();
  return useSyncExternalStore(
    player.subscribe,
    () => select(player.getState()),
    () => select(player.getState()),
  );
}

/** Calls `fn` on every animation frame while `active`. */
export function useAnimationFrame(active: boolean, fn: () => void): void {
  useEffect(() => {
    if (!active) return;
    let raf = 0;
    const tick = (): void => {
      fn();
      raf = requestAnimationFrame(tick);
    };
    raf = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(raf);
  }, [active, fn]);
}

export type LoadState<T> =
  { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error'; problem: WaveProblem };

function problemOf(e: unknown): WaveProblem {
  return e instanceof WaveLoadError ? e.problem : classifyWaveError(e, 'decode');
}

/**
 * Runs `load` for `key` (skipped when key is null) and tracks its state; stale results are
 * dropped. `load` must depend only on what `key` encodes (it is read when the key changes).
 */
function useLoad<T>(key: string | null, load: () => Promise<T>): LoadState<T> | null {
  const [state, setState] = useState<{ key: string; value: LoadState<T> } | null>(null);
  useEffect(() => {
    if (key === null) return;
    let live = true;
    load().then(
      (value) => live && setState({ key, value: { status: 'ready', value } }),
      (e: unknown) => live && setState({ key, value: { status: 'error', problem: problemOf(e) } }),
    );
    return () => {
      live = false;
    };
  }, [key]);
  if (key === null) return null;
  return state && state.key === key ? state.value : { status: 'loading' };
}

/** The decoded audio of a wave (for the waveform and format notes), through the Player's cache. */
export function useDecodedWave(id: number | null, mode: EngineMode): LoadState<DecodedWave> | null {
  const player = usePlayerInstance();
  return useLoad(id === null ? null : `${id}:${mode}`, () => player.decoded(id!, mode));
}

/** The parsed Wave object (format block, MP3 extension, data for the MPEG stream facts). */
export function useWaveObject(id: number | null): LoadState<Wave> | null {
  const player = usePlayerInstance();
  return useLoad(id === null ? null : String(id), () => player.waveObject(id!));
}
