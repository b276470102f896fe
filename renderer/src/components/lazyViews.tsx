/**
 * The views and dialogs that are not on the first screen, each in its own chunk, loaded on first
 * use (issue #9: the first Waves rows wait while the main chunk is fetched, compiled and run).
 * {@link preloadViews} fetches every chunk once the first rows are shown, so opening a view later
 * waits on no request. A chunk that cannot be loaded (the host stopped) says so in its place
 * ({@link LazyView}) instead of taking the window down.
 */
import { Component, lazy, Suspense, useState, type ComponentType, type JSX, type ReactNode } from 'react';

/** A view's chunk could not be loaded (a network error: the host stopped). */
class ViewLoadError extends Error {
  override name = 'ViewLoadError';
}

/**
 * One chunk: its import promise, shared by the preload and the view, and the module once it has
 * arrived, so a view whose chunk is already here renders at once. (React.lazy suspends on its first
 * render even when the promise has settled, and React holds a Suspense reveal back ~300 ms.)
 */
interface Chunk<M> {
  load: () => Promise<M>;
  module: M | undefined;
}

function chunk<M>(load: () => Promise<M>): Chunk<M> {
  let pending: Promise<M> | null = null;
  const c: Chunk<M> = {
    module: undefined,
    load: () => {
      pending ??= load().then(
        (m) => (c.module = m),
        (e: unknown) => {
          pending = null; // a later open tries again
          throw new ViewLoadError(e instanceof Error ? e.message : String(e));
        },
      );
      return pending;
    },
  };
  return c;
}

/**
 * The component `pick` takes from a chunk: rendered directly when the chunk is loaded, else through
 * React.lazy (the enclosing {@link LazyView} shows nothing meanwhile). Each mounted view keeps the
 * way it started so it is never remounted when the chunk arrives.
 */
function lazyView<M, P extends object>(c: Chunk<M>, pick: (m: M) => ComponentType<P>): (props: P) => JSX.Element {
  const Lazy = lazy(() => c.load().then((m) => ({ default: pick(m) })));
  return function View(props: P) {
    const [loaded] = useState(() => c.module);
    const Loaded = loaded === undefined ? null : pick(loaded);
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  };
}

const loaders = {
  census: chunk(() => import('./CensusView')),
  soundscape: chunk(() => import('./SoundscapeView')),
  creature: chunk(() => import('./CreatureView')),
  effect: chunk(() => import('./EffectView')),
  soundTable: chunk(() => import('./SoundTableView')),
  wave: chunk(() => import('./WaveView')),
  exportDialog: chunk(() => import('./ExportDialog')),
  about: chunk(() => import('./AboutDialog')),
  picker: chunk(() => import('./FilePicker')),
};

export const CensusView = lazyView(loaders.census, (m) => m.CensusView);
export const SoundscapeView = lazyView(loaders.soundscape, (m) => m.SoundscapeView);
export const CreatureView = lazyView(loaders.creature, (m) => m.CreatureView);
export const EffectView = lazyView(loaders.effect, (m) => m.EffectView);
export const SoundTableView = lazyView(loaders.soundTable, (m) => m.SoundTableView);
export const WaveView = lazyView(loaders.wave, (m) => m.WaveView);
export const ExportDialog = lazyView(loaders.exportDialog, (m) => m.ExportDialog);
export const AboutDialog = lazyView(loaders.about, (m) => m.AboutDialog);
export const FilePicker = lazyView(loaders.picker, (m) => m.FilePicker);

let preloaded = false;

/** Fetches every chunk above (once; a failure is left for the view's own load to report). */
export function preloadViews(): void {
  if (preloaded) return;
  preloaded = true;
  for (const c of Object.values(loaders)) void c.load().catch(() => undefined);
}

/** A view loaded on first use: nothing while its chunk loads, a plain-words alert if it cannot load. */
export function LazyView(props: { children: ReactNode }) {
  return (
    <ViewBoundary>
      <Suspense fallback={null}>{props.children}</Suspense>
    </ViewBoundary>
  );
}

/** Catches a chunk that failed to load; any other error goes on up, as it did before the split. */
class ViewBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown): { error: unknown } {
    return { error };
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (!(error instanceof ViewLoadError)) throw error;
    return (
      <p role="alert" className="err">
        This part of the window could not be loaded: reload the page (is the browser host still running?).
      </p>
    );
  }
}
