/** The window: toolbar, banners, lists | details | Listener, transport and status bar, dialogs. */
import { useEffect, useState, type DragEvent } from 'react';
import { DetailPane } from './components/DetailPane';
import { AboutDialog, ExportDialog, FilePicker, LazyView, preloadViews } from './components/lazyViews';
import { ListenerPanel } from './components/ListenerPanel';
import { ListPane } from './components/ListPane';
import { StatusBar } from './components/StatusBar';
import { Toolbar } from './components/Toolbar';
import { Transport } from './components/Transport';
import { afterNextPaint } from './lib/afterPaint';
import { AfterFirstPaint } from './components/useAfterFirstPaint';
import { planDrop } from './lib/drop';
import { GRID_KEYS } from './lib/gridKeys';
import { openDat, useDat } from './state/datStore';
import { activeListKey, requestListFocus } from './state/listFocus';
import { goBack, goForward, requestSearchFocus } from './state/navStore';
import { nudgePlayback, stopAll, togglePlay } from './state/playback';
import { setDropHint, useUi } from './state/uiStore';
import { Banners } from './components/Banners';
import { windowTitle } from './lib/windowTitle';
import { useExport } from './state/exportStore';
import { usePicker } from './state/pickerStore';

/** True when nothing has the focus (the body): list keys then go to the visible list. */
function focusIsNowhere(target: EventTarget | null): boolean {
  return target === null || target === document.body || target === document.documentElement;
}

/** True when an open finished where the user was working on opening (path field, Open…): the list may take the focus. */
function focusMayMoveToList(): boolean {
  const a = document.activeElement;
  if (!a || a === document.body) return true;
  return a instanceof HTMLElement && (a.getAttribute('aria-label') === 'Dat path' || a.textContent === 'Open…');
}

/** True when a key press belongs to the focused control (typing, buttons, sliders…). */
function ownsKey(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') {
    const type = (target as HTMLInputElement).type;
    if (key === ' ') return true;
    return !['checkbox', 'radio', 'range', 'button'].includes(type) || key.startsWith('Arrow');
  }
  if (key === ' ' && (tag === 'BUTTON' || tag === 'A' || target.getAttribute('role') === 'tab')) return true;
  return false;
}

/**
 * True from the first render where `open` is true on: a dialog loaded on first use stays mounted
 * after that (closed, it renders nothing itself), as it always was before it was split off.
 */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/** After the first rows are painted, when the page is idle: fetch the chunks of the views not shown yet. */
function schedulePreload(): void {
  const idle = (globalThis as { requestIdleCallback?: (f: () => void, o?: { timeout: number }) => number })
    .requestIdleCallback;
  if (idle) idle(preloadViews, { timeout: 1000 });
  else setTimeout(preloadViews, 200);
}

/**
 * The transport's and status bar's boxes, empty, as high as the bars (issue #9): the first frame
 * leaves their controls out (form controls cost the first layout most), and nothing above them
 * moves when they arrive in the next frame.
 */
function BottomBoxes() {
  return (
    <>
      <div className="transport" aria-hidden="true">
        <div className="player-status" />
      </div>
      <div className="statusbar" aria-hidden="true">
        <span>{'\u00a0'}</span>
      </div>
    </>
  );
}

export function App() {
  const generation = useDat((s) => s.generation);
  const failedOpens = useDat((s) => s.failedOpens);
  const summaryPath = useDat((s) => s.summary?.path ?? null);
  const hostKind = useDat((s) => s.host?.kind ?? null);
  const failedPath = useDat((s) => (s.openError ? s.failedPath : null));
  const demo = useDat((s) => s.summary?.demo ?? false);
  // What the user typed in "Dat path", tied to the open attempt it was typed against. A dat that
  // opened (new generation) shows its path; a failed open keeps the path that failed (typed,
  // picked or recent) so a typo can be fixed in place, while the error bar names the dat still
  // open; once that error is dismissed the field names the open dat again. Derived, not synced by
  // an effect, so a late summary can never clobber typing.
  const attempt = `${generation}:${failedOpens}`;
  const [typed, setTyped] = useState<{ text: string; attempt: string } | null>(null);
  const edited = typed !== null && typed.attempt === attempt;
  const pathDraft = edited ? typed.text : (failedPath ?? summaryPath ?? '');
  const setPathDraft = (text: string): void => setTyped({ text, attempt });
  // the field shows the path that failed, as it was: marked invalid until edited or a dat opens
  const pathFailed = failedPath !== null && !edited;
  // the window's title names the dat that is open, whatever the field shows
  useEffect(() => {
    document.title = windowTitle(summaryPath === null && !demo ? null : { path: summaryPath, demo });
  }, [summaryPath, demo]);
  const [dragging, setDragging] = useState(false);
  const exportOpened = useOpenedOnce(useExport((s) => s.open));
  const aboutOpened = useOpenedOnce(useUi((s) => s.aboutOpen));
  const pickerOpened = useOpenedOnce(usePicker((s) => s.purpose !== null));

  useEffect(() => {
    // The store action that installed the dat (loadLists) already forgot the old one.
    if (generation === 0) return;
    schedulePreload();
    // Keyboard first: the list takes the focus once the dat is listed, from the frame after its
    // rows are painted. A focus in the first frame ran the whole window's effects and the focus
    // events in front of the first rows (issue #9); until then, list keys reach the list anyway.
    return afterNextPaint(window, () => {
      if (focusMayMoveToList() && !document.querySelector('[role="dialog"]')) requestListFocus();
    });
  }, [generation]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.defaultPrevented) return;
      if (document.querySelector('[role="dialog"]') && e.key !== 'Escape') return;
      if ((e.key === 'f' || e.key === 'F') && (e.ctrlKey || e.metaKey) && !e.altKey) {
        e.preventDefault();
        requestSearchFocus();
        return;
      }
      if (e.altKey && e.key === 'ArrowLeft') {
        e.preventDefault();
        goBack();
        return;
      }
      if (e.altKey && e.key === 'ArrowRight') {
        e.preventDefault();
        goForward();
        return;
      }
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === 'Escape') {
        stopAll();
        return;
      }
      if (focusIsNowhere(e.target) && !e.shiftKey && GRID_KEYS.includes(e.key)) {
        // Nothing focused: ↑/↓/Enter… act on the visible list (and give it the focus).
        if (activeListKey(e.key)) e.preventDefault();
        return;
      }
      if (ownsKey(e.target, e.key)) return;
      // ←/→ nudge the sounding voice (Shift: a larger step) wherever the focus is, except in
      // controls that own the arrows (fields, sliders, radios, tabs, the panner: they handle them
      // first); stopped, the arrows are left alone. The waveform nudges itself.
      if (
        (e.key === 'ArrowLeft' || e.key === 'ArrowRight') &&
        nudgePlayback(e.key === 'ArrowRight' ? 1 : -1, e.shiftKey)
      ) {
        e.preventDefault();
        return;
      }
      if (e.key === '/') {
        e.preventDefault();
        requestSearchFocus();
      } else if (e.key === ' ') {
        e.preventDefault();
        togglePlay();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const onDrop = (e: DragEvent): void => {
    e.preventDefault();
    setDragging(false);
    const plan = planDrop(
      {
        files: [...e.dataTransfer.files],
        uriText: e.dataTransfer.getData('text/uri-list') || e.dataTransfer.getData('text/plain'),
      },
      useDat.getState().host,
    );
    if (plan.kind === 'open') {
      if (hostKind !== 'electron') setPathDraft(plan.path);
      setDropHint(null);
      void openDat(plan.path);
    } else if (plan.kind === 'hint') {
      setPathDraft(plan.name);
      setDropHint(
        `Browsers do not reveal where “${plan.name}” lives: complete its full path in “Dat path” and press Open…`,
      );
    }
  };

  return (
    <div
      className={'app' + (dragging ? ' drop-active' : '')}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(e) => {
        if (e.currentTarget === e.target) setDragging(false);
      }}
      onDrop={onDrop}
    >
      <Toolbar pathDraft={pathDraft} setPathDraft={setPathDraft} pathFailed={pathFailed} />
      <div>
        <Banners />
      </div>
      <div className="main">
        <ListPane />
        <DetailPane />
        <ListenerPanel />
      </div>
      <div className="bottom">
        {/* from the frame after the first rows' paint on; until then, the two bars' empty boxes */}
        <AfterFirstPaint fallback={<BottomBoxes />}>
          <Transport />
          <StatusBar />
        </AfterFirstPaint>
      </div>
      {/* loaded on first open (components/lazyViews) */}
      {/* one boundary each: the picker opens over the Export dialog, which must stay shown while it loads */}
      <LazyView>{exportOpened && <ExportDialog />}</LazyView>
      <LazyView>{aboutOpened && <AboutDialog />}</LazyView>
      <LazyView>{pickerOpened && <FilePicker />}</LazyView>
    </div>
  );
}
