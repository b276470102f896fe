/**
 * The renderer's composition root: the one place that creates the bridge and the Player and wires
 * them to the stores. No other module wires itself on import (aesthetics §7 ex. 17–19): the
 * stores hold state and export actions, the Player owns audio, components subscribe.
 *
 * Wiring done here, in this order:
 * - the bridge (Electron preload or HTTP) is installed for the stores' actions;
 * - the Player gets its Wave bytes from the bridge and durations from the Wave list;
 * - playback actions reach the Player, Listener and loop changes re-apply live;
 * - the Soundscape's live scheduler reaches the Player (its clock and its one voice pool);
 * - a newly opened dat makes the Player and the roll logs forget the old one;
 * - Electron menu commands (File ▸ Open…, File ▸ Export…) and export progress reach the stores;
 * - each newly listed dat starts its sound graph build in the background (graphStore), in a page
 *   once its lists are painted;
 * - the last session (list tab, Listener settings, the opened item and the lists' scroll) is restored and kept saved;
 * - the history of recently opened items and dats is loaded and kept (recentStore);
 * - in a page: `window.__acsound.player` (diagnostics, docs/ui-contract.md) and the autoplay
 *   fallback (pitfall #10: the first input creates/resumes the AudioContext).
 */
import { Player } from '../audio/Player';
import { problemLookup } from '../audio/requests';
import { createBridge, setBridge, type ServiceBridge } from '../bridge';
import { watchHost } from '../state/hostStore';
import { initDat, onDatChanged, openDat, useDat } from '../state/datStore';
import { openExportDialog, setExportProgress } from '../state/exportStore';
import { startGraphFor } from '../state/graphStore';
import { connectPlayback } from '../state/playback';
import { clearRolls } from '../state/rollsStore';
import { connectSoundscape, resetSoundscape } from '../state/soundscapeStore';
import { restoreSession } from '../state/session';
import { connectRecent } from '../state/recentStore';
import { requestListFocus } from '../state/listFocus';
import { installFocusReturn } from './focusReturn';
import { afterNextPaint } from '../lib/afterPaint';

declare global {
  interface Window {
    /** Diagnostics for tests and power users (docs/ui-contract.md). */
    __acsound?: { player: Player };
  }
}

/** What {@link composeApp} built. */
export interface ComposedApp {
  bridge: ServiceBridge;
  player: Player;
  /** Learns the host and shows its open dat (or opens the initial path / the demo). */
  start(): Promise<void>;
  /** Undoes the wiring (tests). */
  dispose(): void;
}

export interface ComposeOptions {
  /** Default: the transport of this page ({@link createBridge}). */
  bridge?: ServiceBridge;
  /** The page to install diagnostics and input listeners on; null (tests): none. Default: `window`. */
  window?: Window | null;
  /** Where the session is restored from and saved; null: nowhere. Default: `localStorage` when available. */
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
}

/** The duration of a listed Wave (the Player's voice lifetime), looked up once per Wave list. */
function durationsFromList(): (id: number) => number {
  let durations = new Map<number, number>();
  let durationsFor: unknown = null;
  return (id) => {
    const waves = useDat.getState().waves;
    if (durationsFor !== waves) {
      durations = new Map(waves.map((w) => [w.id, w.durationSec]));
      durationsFor = waves;
    }
    return durations.get(id) ?? 0;
  };
}

function defaultStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Builds and wires the renderer (see the module comment). Call once, before the first render. */
export function composeApp(options: ComposeOptions = {}): ComposedApp {
  const win = options.window === undefined ? (typeof window !== 'undefined' ? window : null) : options.window;
  // every call reports whether the host answered: a stopped host is said once (state/hostStore)
  const bridge = watchHost(options.bridge ?? createBridge(win));
  setBridge(bridge);
  const player = new Player({
    loadBytes: (id) => bridge.getWaveBytes(id),
    durationOf: durationsFromList(),
    // a Wave the list knows cannot play is "cannot play: …" before a voice is taken, however it is played
    problemOf: (id) => problemLookup(useDat.getState().waves)(id),
  });

  const undo: (() => void)[] = [
    connectPlayback(player),
    connectSoundscape(player),
    onDatChanged(() => {
      resetSoundscape();
      player.reset();
      clearRolls();
    }),
    bridge.onMenuCommand((c) => {
      if (c.command === 'open') void openDat(c.path);
      else void openExportDialog();
    }),
    bridge.onExportProgress(setExportProgress),
    // The sound graph builds in the background once a dat's lists are installed (never before),
    // and in a page once they are painted: the host's build (hundreds of ms of CPU) must not
    // compete with the first rows on a 2-core machine (issue #9).
    useDat.subscribe((s, prev) => {
      if (s.generation !== prev.generation)
        startGraphFor(s.generation, win ? (f) => void afterNextPaint(win, f) : undefined);
    }),
  ];
  const storage = options.storage === undefined ? defaultStorage() : options.storage;
  restoreSession(storage);
  undo.push(connectRecent(storage));

  if (win) {
    win.__acsound = { player };
    // focus an action takes away (a view closed, a link navigated) returns somewhere sensible
    undo.push(installFocusReturn(win.document, () => requestListFocus()));
    const onFirstInput = (): void => {
      void player.resume();
    };
    win.addEventListener('pointerdown', onFirstInput, { capture: true });
    win.addEventListener('keydown', onFirstInput, { capture: true });
    undo.push(() => {
      win.removeEventListener('pointerdown', onFirstInput, { capture: true });
      win.removeEventListener('keydown', onFirstInput, { capture: true });
      delete win.__acsound;
    });
  }

  return {
    bridge,
    player,
    start: initDat,
    dispose: () => {
      for (const f of undo.reverse()) f();
      setBridge(null);
    },
  };
}
