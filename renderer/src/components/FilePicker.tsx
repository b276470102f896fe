/**
 * The browser host's file and folder picker (issue #10 defect 4): a folder's sub-folders and, to
 * open a dat, its `.dat` files, with Up and Home; keyboard: ↑/↓/Home/End move, typing letters
 * moves to the next entry starting with them (lib/typeAhead, as in any file dialog), Enter opens a
 * folder or chooses a file, Backspace goes up, Esc cancels. Served by a loopback host only
 * (pickerStore); Electron keeps its native dialogs.
 */
import { useEffect, useRef, useState } from 'react';
import { isTypeAheadKey, NO_TYPE_AHEAD, typeAheadIndex, typeAheadKey, typingAt } from '../lib/typeAhead';
import { browseTo, choosePath, closePicker, usePicker } from '../state/pickerStore';
import { ErrorText } from './ErrorText';
import { Modal } from './Modal';

export function FilePicker() {
  const purpose = usePicker((s) => s.purpose);
  const listing = usePicker((s) => s.listing);
  const loading = usePicker((s) => s.loading);
  const error = usePicker((s) => s.error);
  const [cursor, setCursor] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);
  const typed = useRef(NO_TYPE_AHEAD);
  useEffect(() => {
    setCursor(0);
    typed.current = NO_TYPE_AHEAD;
  }, [listing]);
  useEffect(() => {
    if (purpose) listRef.current?.focus();
  }, [purpose, listing]);
  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${cursor}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [cursor]);
  if (!purpose) return null;
  const entries = listing?.entries ?? [];
  const current = entries[cursor] ?? null;
  const dat = purpose === 'open-dat';
  const title = dat ? 'Open a dat' : 'Choose an export folder';
  const activate = (i: number): void => {
    const e = entries[i];
    if (!e) return;
    if (e.kind === 'folder') void browseTo(e.path);
    else choosePath(e.path);
  };
  return (
    <Modal labelledBy="picker-title" className="picker" onClose={closePicker} initialFocus={listRef}>
      <h2 id="picker-title">{title}</h2>
      <div className="toolrow">
        <button
          type="button"
          className="btn small"
          disabled={!listing?.parent}
          onClick={() => void browseTo(listing?.parent ?? null)}
          title="The folder above (Backspace)"
        >
          Up
        </button>
        <button type="button" className="btn small" onClick={() => void browseTo(null)} title="Your home folder">
          Home
        </button>
        <span className="mono picker-path" aria-label="Folder shown" title={listing?.path ?? ''}>
          {listing?.path ?? '…'}
        </span>
      </div>
      {error && (
        <p role="alert" className="err">
          <ErrorText error={error} />
        </p>
      )}
      <ul
        ref={listRef}
        className="picker-list"
        role="listbox"
        aria-label={dat ? 'Folders and dat files' : 'Folders'}
        aria-activedescendant={current ? `picker-${cursor}` : undefined}
        aria-busy={loading}
        tabIndex={0}
        onKeyDown={(e) => {
          const last = entries.length - 1;
          const keys: Record<string, () => void> = {
            ArrowDown: () => setCursor((c) => Math.min(last, c + 1)),
            ArrowUp: () => setCursor((c) => Math.max(0, c - 1)),
            Home: () => setCursor(0),
            End: () => setCursor(Math.max(0, last)),
            Enter: () => activate(cursor),
            Backspace: () => listing?.parent && void browseTo(listing.parent),
          };
          const now = Date.now();
          const fn = keys[e.key];
          if (fn) {
            e.preventDefault();
            e.stopPropagation();
            typed.current = NO_TYPE_AHEAD;
            fn();
          } else if (isTypeAheadKey(e, typingAt(typed.current, now))) {
            e.preventDefault();
            e.stopPropagation();
            typed.current = typeAheadKey(typed.current, e.key, now);
            const names = entries.map((en) => en.name);
            setCursor((c) => typeAheadIndex(names, c, typed.current.typed));
          }
        }}
      >
        {entries.map((en, i) => (
          <li
            key={en.path}
            id={`picker-${i}`}
            data-index={i}
            role="option"
            aria-selected={i === cursor}
            className={'picker-item' + (i === cursor ? ' cursor' : '')}
            onClick={() => setCursor(i)}
            onDoubleClick={() => activate(i)}
          >
            <span aria-hidden="true">{en.kind === 'folder' ? '▸' : '♪'}</span> {en.name}
            {en.kind === 'folder' ? '/' : ''}
          </li>
        ))}
        {listing && entries.length === 0 && (
          <li className="muted" role="presentation">
            {dat ? 'No folders or .dat files here.' : 'No folders here.'}
          </li>
        )}
      </ul>
      {listing?.truncated && <p className="note">Only the first {entries.length} entries are shown.</p>}
      <p className="note">
        {dat
          ? 'Shows folders and .dat files. Type a name’s first letters to go to it; Enter or double-click opens a folder or the dat.'
          : 'Type a name’s first letters to go to it; Enter or double-click opens a folder; “Use this folder” exports into the folder shown.'}
      </p>
      <div className="actions">
        {dat ? (
          <button
            type="button"
            className="btn primary"
            disabled={current?.kind !== 'file'}
            onClick={() => current && choosePath(current.path)}
          >
            Open
          </button>
        ) : (
          <button
            type="button"
            className="btn primary"
            disabled={!listing}
            onClick={() => listing && choosePath(listing.path)}
          >
            Use this folder
          </button>
        )}
        <button type="button" className="btn" onClick={closePicker}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}
