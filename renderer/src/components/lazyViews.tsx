/**
 * The views and dialogs that are not on the first screen, each in its own chunk, loaded on first
 * use (issue #9: the first Waves rows wait while the main chunk is fetched, compiled and run).
 * {@link preloadViews} fetches every chunk once the first rows are shown, so opening a view later
 * waits on no request. A chunk that cannot be loaded (the host stopped) says so in its place
 * ({@link LazyView}) instead of taking the window down.
 */
import { Component, lazy, Suspense, type ReactNode } from 'react';

/** A view's chunk could not be loaded (a network error: the host stopped). */
class ViewLoadError extends Error {
  override name = 'ViewLoadError';
}

const loading =
  <T,>(load: () => Promise<T>) =>
  (): Promise<T> =>
    load().catch((e: unknown) => {
      throw new ViewLoadError(e instanceof Error ? e.message : String(e));
    });

const loaders = {
  census: loading(() => import('./CensusView')),
  soundscape: loading(() => import('./SoundscapeView')),
  creature: loading(() => import('./CreatureView')),
  effect: loading(() => import('./EffectView')),
  soundTable: loading(() => import('./SoundTableView')),
  wave: loading(() => import('./WaveView')),
  exportDialog: loading(() => import('./ExportDialog')),
  about: loading(() => import('./AboutDialog')),
  picker: loading(() => import('./FilePicker')),
};

export const CensusView = lazy(() => loaders.census().then((m) => ({ default: m.CensusView })));
export const SoundscapeView = lazy(() => loaders.soundscape().then((m) => ({ default: m.SoundscapeView })));
export const CreatureView = lazy(() => loaders.creature().then((m) => ({ default: m.CreatureView })));
export const EffectView = lazy(() => loaders.effect().then((m) => ({ default: m.EffectView })));
export const SoundTableView = lazy(() => loaders.soundTable().then((m) => ({ default: m.SoundTableView })));
export const WaveView = lazy(() => loaders.wave().then((m) => ({ default: m.WaveView })));
export const ExportDialog = lazy(() => loaders.exportDialog().then((m) => ({ default: m.ExportDialog })));
export const AboutDialog = lazy(() => loaders.about().then((m) => ({ default: m.AboutDialog })));
export const FilePicker = lazy(() => loaders.picker().then((m) => ({ default: m.FilePicker })));

let preloaded = false;

/** Fetches every chunk above (once; a failure is left for the view's own load to report). */
export function preloadViews(): void {
  if (preloaded) return;
  preloaded = true;
  for (const load of Object.values(loaders)) void load().catch(() => undefined);
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
