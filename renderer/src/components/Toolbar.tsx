/** Toolbar: Open… │ dat path │ back/forward │ search │ engine mode │ Census │ Soundscape │ Export… │ About. */
import { useEffect, useRef, useState } from 'react';
import { chooseAndOpenDat, openDat, useDat } from '../state/datStore';
import { openExportDialog } from '../state/exportStore';
import { setMode, useListener } from '../state/listenerStore';
import { goBack, goForward, setSearch, setShowCensus, setShowSoundscape, useNav } from '../state/navStore';
import { openAbout } from '../state/uiStore';
import { requestListFocus } from '../state/listFocus';

export function Toolbar({ pathDraft, setPathDraft }: { pathDraft: string; setPathDraft(v: string): void }) {
  const host = useDat((s) => s.host);
  const summary = useDat((s) => s.summary);
  const status = useDat((s) => s.status);
  const search = useNav((s) => s.search);
  const focusTick = useNav((s) => s.focusSearchTick);
  const canBack = useNav((s) => s.historyIndex > 0);
  const canForward = useNav((s) => s.historyIndex < s.history.length - 1);
  const mode = useListener((s) => s.mode);
  const census = useNav((s) => s.showCensus);
  const soundscape = useNav((s) => s.showSoundscape);
  const searchRef = useRef<HTMLInputElement>(null);
  const [searchText, setSearchText] = useState(search);
  const isElectron = host?.kind === 'electron';

  useEffect(() => {
    if (focusTick > 0) {
      searchRef.current?.focus();
      searchRef.current?.select();
    }
  }, [focusTick]);

  // Debounce list filtering a little so typing stays smooth on big dats.
  useEffect(() => {
    const t = window.setTimeout(() => setSearch(searchText), 80);
    return () => window.clearTimeout(t);
  }, [searchText]);
  useEffect(() => {
    setSearchText((cur) => (cur === search ? cur : search));
  }, [search]);

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
          aria-label="Dat path"
          placeholder="/path/to/client_portal.dat (empty = demo)"
          title={`~, a quoted path and a file:// URL work${host?.workingDir ? `; a relative path is relative to ${host.workingDir}` : ''}`}
          spellCheck={false}
          value={pathDraft}
          onChange={(e) => setPathDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') onOpen();
          }}
        />
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
      <input
        ref={searchRef}
        className="field search"
        type="search"
        aria-label="Search"
        placeholder="Search ids, labels, sound types  ( / )"
        spellCheck={false}
        value={searchText}
        onChange={(e) => setSearchText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !e.altKey) {
            // ↓ from the search box enters the list (its cursor, or the first row)
            e.preventDefault();
            setSearch(searchText);
            requestListFocus();
            return;
          }
          if (e.key === 'Escape' && searchText) {
            e.stopPropagation();
            setSearchText('');
          }
        }}
      />
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
