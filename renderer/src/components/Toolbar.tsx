/** Toolbar: Open… │ dat path │ back/forward, Recent │ engine mode │ Census │ Soundscape │ Export… │ About. */
import { chooseAndOpenDat, openDat, useDat } from '../state/datStore';
import { openExportDialog } from '../state/exportStore';
import { setMode, useListener } from '../state/listenerStore';
import { goBack, goForward, setShowCensus, setShowSoundscape, useNav } from '../state/navStore';
import { openAbout } from '../state/uiStore';
import { openPicker } from '../state/pickerStore';
import { pickerStarts } from '../lib/pickerStart';
import { OPEN_ERROR_ID } from './Banners';
import { RecentMenu } from './RecentMenu';

/**
 * `pathDraft`: what "Dat path" shows; `pathFailed`: it shows a path that failed to open, not edited
 * since — the field is then `aria-invalid`, described by the error banner (which names the dat
 * still open), until it is edited or a dat opens.
 */
export function Toolbar({
  pathDraft,
  setPathDraft,
  pathFailed,
}: {
  pathDraft: string;
  setPathDraft(v: string): void;
  pathFailed: boolean;
}) {
  const host = useDat((s) => s.host);
  const summary = useDat((s) => s.summary);
  const status = useDat((s) => s.status);
  const canBack = useNav((s) => s.historyIndex > 0);
  const canForward = useNav((s) => s.historyIndex < s.history.length - 1);
  const mode = useListener((s) => s.mode);
  const census = useNav((s) => s.showCensus);
  const soundscape = useNav((s) => s.showSoundscape);
  const isElectron = host?.kind === 'electron';

  const onOpen = (): void => {
    if (isElectron) void chooseAndOpenDat();
    else {
      const p = pathDraft.trim();
      void openDat(p.length > 0 ? p : null);
    }
  };

  return (
    <div className="toolbar" role="toolbar" aria-label="Main">
      <span className="brand">AC Sound Browser</span>
      <button
        type="button"
        className="btn"
        onClick={onOpen}
        disabled={status === 'opening'}
        data-focus-return={isElectron ? undefined : 'dat-path'}
        title={isElectron ? 'Open a client_portal.dat' : 'Open the path in “Dat path” (empty = demo)'}
      >
        Open…
      </button>
      {isElectron ? (
        <span className="path-text mono" title={summary?.path ?? ''}>
          {summary?.path ?? (summary?.demo ? 'demo_portal.dat' : 'no dat open')}
        </span>
      ) : (
        <input
          className="field path"
          type="text"
          id="dat-path"
          aria-label="Dat path"
          placeholder="/path/to/client_portal.dat (empty = demo)"
          title={`~, a quoted path and a file:// URL work${host?.workingDir ? `; a relative path is relative to ${host.workingDir}` : ''}`}
          spellCheck={false}
          aria-invalid={pathFailed ? true : undefined}
          aria-describedby={pathFailed ? OPEN_ERROR_ID : undefined}
          value={pathDraft}
          onChange={(e) => setPathDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') onOpen();
          }}
        />
      )}
      {!isElectron && host?.directoryPicker && (
        <button
          type="button"
          className="btn"
          disabled={status === 'opening'}
          title="Pick a dat from this machine's folders"
          onClick={() => void openPicker('open-dat', pickerStarts(pathDraft, summary?.path ?? null))}
        >
          Browse…
        </button>
      )}
      <span className="sep" />
      <button
        type="button"
        className="btn icon"
        aria-label="Back"
        title="Back (Alt+←)"
        disabled={!canBack}
        onClick={goBack}
      >
        ←
      </button>
      <button
        type="button"
        className="btn icon"
        aria-label="Forward"
        title="Forward (Alt+→)"
        disabled={!canForward}
        onClick={goForward}
      >
        →
      </button>
      <RecentMenu />
      <span className="sep" />
      <div
        role="radiogroup"
        aria-label="Engine mode"
        className="segmented"
        title="retail reproduces the shipped client; authored what the data asks for"
      >
        <label>
          <input
            type="radio"
            name="engine-mode"
            value="retail"
            checked={mode === 'retail'}
            onChange={() => setMode('retail')}
          />
          Retail
        </label>
        <label>
          <input
            type="radio"
            name="engine-mode"
            value="authored"
            checked={mode === 'authored'}
            onChange={() => setMode('authored')}
          />
          Authored
        </label>
      </div>
      <span className="sep" />
      <button
        type="button"
        className="btn"
        id="census-button"
        aria-pressed={census}
        onClick={() => setShowCensus(!census)}
        disabled={!summary}
        title="Count the dat's Waves by format, rate, channels, bits and header size, and its SoundTable rows"
      >
        Census
      </button>
      <button
        type="button"
        className="btn"
        id="soundscape-button"
        aria-pressed={soundscape}
        onClick={() => setShowSoundscape(!soundscape)}
        disabled={!summary}
        title="Hear the Region's ambient sounds as the retail client scheduled them around a listener"
      >
        Soundscape
      </button>
      <button type="button" className="btn primary" onClick={() => void openExportDialog()} disabled={!summary}>
        Export…
      </button>
      <button type="button" className="btn icon" aria-label="About" title="About" onClick={openAbout}>
        ?
      </button>
    </div>
  );
}
