/**
 * The "Export Waves" dialog: decoded / original / as heard, folder, file names (a naming template
 * with a live preview, docs/export-names.md), overwrite, progress and summary.
 */
import { codecFor } from '../../../core/codecs/registry';
import { useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { isCentrePath } from '../../../core/engine';
import {
  DEFAULT_NAME_TEMPLATE,
  firstUses,
  NAME_TOKEN_HINTS,
  NAME_TOKENS,
  type NameToken,
} from '../../../core/exportNames';
import { EXPORT_FORMATS } from '../../../core/export/formats';
import { exportNamePreview } from '../lib/exportPreview';
import { fmtDegrees, fmtMetres, hex8 } from '../lib/format';
import { useDat } from '../state/datStore';
import {
  cancelExport,
  cancelledNote,
  chooseExportFolder,
  closeExportDialog,
  runExport,
  setExportFileNames,
  setExportOptions,
  skippedLines,
  summarizeExport,
  useExport,
  type ExportScope,
} from '../state/exportStore';
import { useListener } from '../state/listenerStore';
import { useShownWaves, useTableRow, useVisibleSelection } from '../state/listSelectors';
import { useNav } from '../state/navStore';
import { tableWaves } from '../state/playback';
import { ErrorText } from './ErrorText';
import { usePrefs } from '../state/prefsStore';
import { openPicker } from '../state/pickerStore';
import { Modal, type CloseReason } from './Modal';

/** How many file names the preview shows. */
const PREVIEW_COUNT = 5;

/** The last part of a `/`-separated relative path. */
const lastPart = (path: string): string => path.split('/').pop() ?? path;

function useScopes(): Record<ExportScope, number[]> {
  const waves = useDat((s) => s.waves);
  const shown = useShownWaves();
  // the selected Waves the list shows (lib/selection's rule), else the open Wave
  const selected = useVisibleSelection().ids;
  const anySelected = useNav((s) => s.selectedWaves.length > 0);
  const current = useNav((s) => s.current);
  const tableRow = useTableRow(current?.kind === 'table' ? current.id : null);
  return useMemo(() => {
    const known = new Set(waves.map((w) => w.id));
    const sel = selected.length > 0 || anySelected ? selected : current?.kind === 'wave' ? [current.id] : [];
    const table = [...new Set(tableWaves(tableRow))].filter((id) => known.has(id)).sort((a, b) => a - b);
    return {
      selected: sel,
      table,
      listed: shown.map((w) => w.id),
      all: waves.map((w) => w.id),
    };
  }, [waves, tableRow, shown, selected, anySelected, current]);
}

export function ExportDialog() {
  const open = useExport((s) => s.open);
  if (!open) return null;
  return <ExportDialogBody />;
}

function ExportDialogBody() {
  const s = useExport();
  const host = useDat((st) => st.host);
  const settings = useListener();
  const scopes = useScopes();
  const waves = useDat((st) => st.waves);
  const tables = useDat((st) => st.soundTables);
  const wavesById = useMemo(() => new Map(waves.map((w) => [w.id, w])), [waves]);
  const uses = useMemo(() => firstUses(tables), [tables]);
  const template = usePrefs((st) => st.exportNameTemplate);
  const templateRef = useRef<HTMLInputElement>(null);
  const current = useNav((st) => st.current);
  const firstRef = useRef<HTMLInputElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  /** The first action: Cancel while an export runs, else Close. */
  const actionRef = useRef<HTMLButtonElement>(null);
  /** The last export's summary line. */
  const resultRef = useRef<HTMLParagraphElement>(null);
  const scope: ExportScope = s.scope === 'table' && current?.kind !== 'table' ? 'selected' : s.scope;
  const ids = scopes[scope];

  // Keep the focus in the modal: the Export button disables while an export runs (focus Cancel),
  // and Cancel is replaced by Close when it ends (focus Close), so Esc keeps working.
  const wasRunning = useRef(s.running);
  useEffect(() => {
    if (wasRunning.current !== s.running) {
      wasRunning.current = s.running;
      const dialog = dialogRef.current;
      const a = document.activeElement;
      if (dialog && (!a || a === document.body || !dialog.contains(a) || (a as HTMLButtonElement).disabled))
        actionRef.current?.focus();
      // the results' summary in sight (the buttons below stay in sight: sticky)
      if (!s.running) resultRef.current?.scrollIntoView({ block: 'nearest' });
    }
  }, [s.running]);

  // Esc (wherever the focus is: Modal) cancels a running export, else closes; the overlay closes
  // only when no export runs
  const close = (reason: CloseReason): void => {
    if (!useExport.getState().running) closeExportDialog();
    else if (reason === 'escape') void cancelExport();
  };

  const scopeOptions: { value: ExportScope; label: string; count: number }[] = [
    { value: 'selected', label: 'Selected Waves', count: scopes.selected.length },
    ...(current?.kind === 'table'
      ? [{ value: 'table' as const, label: `Waves of SoundTable ${hex8(current.id)}`, count: scopes.table.length }]
      : []),
    { value: 'listed', label: 'Waves shown in the list', count: scopes.listed.length },
    { value: 'all', label: 'All Waves', count: scopes.all.length },
  ];

  const centre = isCentrePath(settings.path);
  // the names the export will write: the service's rule over the lists (numbering over the whole batch)
  const previewTemplate = useDeferredValue(template);
  const preview = useMemo(
    () =>
      exportNamePreview({
        template: previewTemplate,
        ids: ids.length > 0 ? ids : [0x0a000001],
        waves: wavesById,
        uses,
        format: s.format,
        settings,
        count: PREVIEW_COUNT,
      }),
    [previewTemplate, ids, wavesById, uses, s.format, settings],
  );
  const problem = preview.problem;
  const first = preview.names[0];
  const p = settings.prefs;
  const mp3Count = ids.filter((id) => codecFor(wavesById.get(id)?.formatTag ?? 0).originalExtension === 'mp3').length;

  /** Puts `{token}` where the caret is in the template field (replacing a selection). */
  const insertToken = (token: NameToken): void => {
    const el = templateRef.current;
    const start = el?.selectionStart ?? template.length;
    const end = el?.selectionEnd ?? template.length;
    const text = `{${token}}`;
    setExportFileNames(template.slice(0, start) + text + template.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + text.length, start + text.length);
    });
  };
  // progress bar with done/total (ui.md: long work shows progress and can be cancelled)
  const progressTotal = s.progress?.total ?? ids.length;
  const progressDone = Math.min(s.progress?.done ?? 0, progressTotal);

  return (
    <Modal labelledBy="export-title" onClose={close} initialFocus={firstRef} dialogRef={dialogRef}>
      <h2 id="export-title">Export Waves</h2>
      <fieldset>
        <legend>Which Waves</legend>
        {scopeOptions.map((o) => (
          <label key={o.value} className="opt">
            <input
              type="radio"
              name="export-scope"
              checked={scope === o.value}
              disabled={s.running}
              onChange={() => setExportOptions({ scope: o.value })}
            />
            {o.label} ({o.count})
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Format</legend>
        {EXPORT_FORMATS.map((f, i) => (
          <label key={f.format} className="opt">
            <input
              ref={i === 0 ? firstRef : undefined}
              type="radio"
              name="export-format"
              aria-label={f.label}
              checked={s.format === f.format}
              disabled={s.running}
              onChange={() => setExportOptions({ format: f.format })}
            />
            <span>
              {f.label} <span className="hint">— {f.hint}</span>
            </span>
          </label>
        ))}
        {s.format === 'original' && (
          <p className="note">
            PCM Waves are written as <span className="mono">.wav</span> (their original fmt chunk); MP3 Waves as{' '}
            <span className="mono">.mp3</span> (their MPEG frames as stored)
            {ids.length > 0 ? ` — ${mp3Count} of these ${ids.length} ${mp3Count === 1 ? 'is' : 'are'} MP3` : ''}.
          </p>
        )}
        {s.format === 'as-heard' && (
          <div className="note as-heard" aria-label="As heard files">
            <div>
              {first?.sidecar ? (
                <>
                  Writes <span className="mono">{first.file}</span> +{' '}
                  <span className="mono">{lastPart(first.sidecar)}</span> sidecar
                </>
              ) : (
                'Writes each WAV with a JSON sidecar'
              )}{' '}
              (the settings and the engine’s decision)
              {ids.length > 1 ? `, and the same for ${ids.length - 1} more` : ''}; the settings follow the file name.
            </div>
            <div>
              Listener now: {settings.path}, {settings.mode},{' '}
              {centre
                ? 'centre (distance ignored)'
                : `${fmtMetres(settings.distance, 3)} at ${fmtDegrees(settings.bearingDeg)}`}
              , volume {settings.volume}; sliders effect {p.effectVolume.toFixed(2)}, ambient{' '}
              {p.ambientVolume.toFixed(2)}, interface {p.interfaceVolume.toFixed(2)}
              {p.mono ? '; mono' : ''}
              {!p.effectsEnabled || !p.ambientEnabled || !p.interfaceEnabled
                ? `; disabled: ${[!p.effectsEnabled && 'effects', !p.ambientEnabled && 'ambient', !p.interfaceEnabled && 'interface'].filter(Boolean).join(', ')}`
                : ''}
              .
            </div>
            <div>An inaudible or skipped play writes nothing and is reported as skipped.</div>
          </div>
        )}
      </fieldset>
      <div className="row">
        <label htmlFor="export-folder">Folder</label>
        <input
          id="export-folder"
          className="field"
          type="text"
          aria-label="Folder"
          spellCheck={false}
          value={s.folder}
          disabled={s.running}
          onChange={(e) => setExportOptions({ folder: e.target.value })}
          aria-describedby="export-folder-hint"
        />
        {host?.chooseFolder && (
          <button type="button" className="btn" disabled={s.running} onClick={() => void chooseExportFolder()}>
            Choose…
          </button>
        )}
        {!host?.chooseFolder && host?.directoryPicker && (
          <button
            type="button"
            className="btn"
            disabled={s.running}
            title="Pick a folder from this machine's folders"
            onClick={() => void openPicker('export-folder', s.folder.trim() || null)}
          >
            Browse…
          </button>
        )}
      </div>
      <p id="export-folder-hint" className="note">
        ~ is your home folder; a quoted path or a file:// URL is accepted
        {host?.workingDir ? (
          <>
            ; a relative folder is relative to <span className="mono">{host.workingDir}</span>
          </>
        ) : null}
        .
      </p>
      <div className="row">
        <label htmlFor="export-names">File names</label>
        <input
          id="export-names"
          ref={templateRef}
          className="field"
          type="text"
          aria-label="File names"
          spellCheck={false}
          value={template}
          disabled={s.running}
          aria-invalid={problem !== null}
          aria-describedby="export-names-hint"
          onChange={(e) => setExportFileNames(e.target.value)}
        />
        <button
          type="button"
          className="btn small"
          disabled={s.running || template === DEFAULT_NAME_TEMPLATE}
          onClick={() => setExportFileNames(DEFAULT_NAME_TEMPLATE)}
        >
          By id
        </button>
      </div>
      <div className="name-tokens" role="group" aria-label="Insert a token">
        {NAME_TOKENS.map((t) => (
          <button
            key={t}
            type="button"
            className="btn small mono"
            title={NAME_TOKEN_HINTS[t]}
            aria-label={`Insert {${t}}: ${NAME_TOKEN_HINTS[t]}`}
            disabled={s.running}
            onClick={() => insertToken(t)}
          >
            {`{${t}}`}
          </button>
        ))}
      </div>
      <div id="export-names-hint">
        {problem !== null ? (
          <p className="alert" role="alert">
            File names: {problem}.
          </p>
        ) : (
          <>
            <ul className="result-list name-preview" aria-label="File name preview">
              {preview.names.map((n) => (
                <li key={n.id}>
                  {n.file}
                  {n.sidecar ? ` + ${lastPart(n.sidecar)}` : ''}
                </li>
              ))}
            </ul>
            <p className="note">
              {ids.length > preview.names.length ? `…and ${ids.length - preview.names.length} more. ` : ''}“/” makes
              folders; {'{table}'}, {'{cue}'} and {'{label}'} are the first SoundTable using the Wave (empty when none
              does); equal names are numbered name_2, name_3.
            </p>
          </>
        )}
      </div>
      <label className="opt">
        <input
          type="checkbox"
          checked={s.force}
          disabled={s.running}
          onChange={(e) => setExportOptions({ force: e.target.checked })}
        />
        Overwrite existing files
      </label>
      <p className="note">
        Without overwrite, existing files are skipped and listed. Files are written atomically (temporary file, then
        rename).
      </p>

      {(s.running || s.progress) && (
        <div className="row">
          <progress aria-label="Export progress" max={Math.max(1, progressTotal)} value={progressDone} />
          <span className="mono" aria-live="polite">
            {progressDone}/{progressTotal}
            {s.cancelling ? ' — cancelling…' : ''}
          </span>
        </div>
      )}
      {s.error && (
        <div className="alert" role="alert">
          <ErrorText error={s.error} />
        </div>
      )}
      {s.result && (
        <div aria-live="polite">
          <p className="summary" ref={resultRef}>
            {summarizeExport(s.result)}
          </p>
          {cancelledNote(s.result) && <p className="note">{cancelledNote(s.result)}</p>}
          {(s.result.notes ?? []).map((n) => (
            <p key={n} className="note">
              {n}
            </p>
          ))}
          <p className="note mono">into {s.result.dir}</p>
          {s.result.failed.length > 0 && (
            <>
              <b>Failed</b>
              <ul className="result-list">
                {s.result.failed.map((f) => (
                  <li key={f.id}>
                    {hex8(f.id)}: {f.reason}
                  </li>
                ))}
              </ul>
            </>
          )}
          {s.result.written.some((w) => (w.warnings?.length ?? 0) > 0) && (
            <>
              <b>Written with warnings</b>
              <ul className="result-list" aria-label="Written with warnings">
                {s.result.written.flatMap((w) =>
                  (w.warnings ?? []).map((warning, i) => (
                    <li key={`${w.id}:${i}`}>
                      {hex8(w.id)} {w.file.split(/[\\/]/).pop()}: {warning}
                    </li>
                  )),
                )}
              </ul>
            </>
          )}
          {(s.result.skipped.length > 0 || s.result.notAttempted.length > 0) && (
            <>
              <b>Skipped</b>
              <ul className="result-list">
                {skippedLines(s.result).map((l) => (
                  <li key={l.key}>{l.text}</li>
                ))}
              </ul>
            </>
          )}
          {s.result.written.length > 0 && (
            <details>
              <summary>Written files ({s.result.written.length})</summary>
              <ul className="result-list">
                {s.result.written.map((f) => (
                  <li key={f.id}>
                    {f.file}
                    {f.sidecar ? ` + ${f.sidecar.split(/[\\/]/).pop() ?? ''}` : ''}
                  </li>
                ))}
              </ul>
            </details>
          )}
        </div>
      )}
      <div className="actions">
        {s.running ? (
          <button
            ref={actionRef}
            type="button"
            className="btn"
            onClick={() => void cancelExport()}
            disabled={s.cancelling}
          >
            Cancel
          </button>
        ) : (
          <button ref={actionRef} type="button" className="btn" onClick={closeExportDialog}>
            Close
          </button>
        )}
        <button
          type="button"
          className="btn primary"
          onClick={() => void runExport(ids)}
          disabled={s.running || ids.length === 0 || problem !== null}
        >
          Export
        </button>
      </div>
      {ids.length === 0 && (
        <p className="note">
          0 Waves match this choice
          {scope === 'selected' ? ': select Waves in the list (Ctrl/Shift-click) or pick another option' : ''}.
        </p>
      )}
    </Modal>
  );
}
