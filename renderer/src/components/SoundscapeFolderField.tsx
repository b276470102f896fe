/**
 * The Soundscape export's Folder field: the whole row wide, and, when a path is still longer than
 * the field, scrolled to its end while it is not being edited (the folder's own name shows, not
 * just the root). Under it the whole path, wrapped, with the file the export writes there — also
 * the field's accessible description — so where the files go is always readable.
 */
import { useLayoutEffect, useRef } from 'react';
import { setExportDir } from '../state/soundscapeStore';

const WHERE_ID = 'soundscape-export-where';

/**
 * `fileName`: the WAV the export writes (null: not known yet). `waiting`: Export waits for a valid
 * Export seconds, so no name is shown — the last valid length's would be a name the user did not type.
 */
export function FolderField({
  dir,
  fileName,
  waiting = false,
}: {
  dir: string;
  fileName: string | null;
  waiting?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  /** Shows the end of the path unless the user is editing it. */
  const showEnd = (): void => {
    const el = input.current;
    if (el && el.ownerDocument.activeElement !== el) el.scrollLeft = el.scrollWidth;
  };
  useLayoutEffect(showEnd, [dir]);
  return (
    <>
      <label className="soundscape-folder">
        Folder{' '}
        <input
          ref={input}
          className="field"
          aria-label="Soundscape export folder"
          aria-describedby={WHERE_ID}
          title={dir}
          value={dir}
          spellCheck={false}
          onChange={(e) => setExportDir(e.target.value)}
          onBlur={showEnd}
        />
      </label>
      <p id={WHERE_ID} className="muted soundscape-where">
        {dir.trim() === '' ? (
          'Type the folder to write the soundscape in.'
        ) : waiting ? (
          <>
            Writes the WAV, named for its length, and its .json sidecar in <span className="mono">{dir}</span> once
            Export seconds is valid
          </>
        ) : (
          <>
            Writes <span className="mono">{fileName ?? 'the WAV'}</span> and its .json sidecar in{' '}
            <span className="mono">{dir}</span>
          </>
        )}
      </p>
    </>
  );
}
