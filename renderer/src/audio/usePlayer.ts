/** React bindings for the Player: useSyncExternalStore over its cached snapshot, plus per-frame readers. */
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { EngineMode } from '../../../core/engine/types';
import type { DecodedWave } from './decode';
import { player } from './instance';
import type { PlayerSnapshot } from './Player';

export function usePlayerState(): PlayerSnapshot {
  return useSyncExternalStore(player.subscribe, player.getState, player.getState);
}

/** Subscribes to one field (re-renders only when it changes). */
export function usePlayer<T>(select: (s: PlayerSnapshot) => T): T {
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

export type DecodedState = { status: 'loading' } | { status: 'ready'; decoded: DecodedWave } | { status: 'error'; message: string };

/** The decoded audio of a wave (for the waveform and format notes), through the Player's cache. */
export function useDecodedWave(id: number | null, mode: EngineMode): DecodedState | null {
  const [state, setState] = useState<{ key: string; value: DecodedState } | null>(null);
  const key = id === null ? '' : `${id}:${mode}`;
  useEffect(() => {
    if (id === null) return;
    let live = true;
    player.decoded(id, mode).then(
      (decoded) => live && setState({ key, value: { status: 'ready', decoded } }),
      (e: unknown) => live && setState({ key, value: { status: 'error', message: e instanceof Error ? e.message : String(e) } }),
    );
    return () => {
      live = false;
    };
  }, [id, mode, key]);
  if (id === null) return null;
  return state && state.key === key ? state.value : { status: 'loading' };
}
