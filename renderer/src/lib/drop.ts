/** What a drop on the window means: pure, so the Electron and browser-host cases are unit-tested. */
import type { BridgeHost } from '../bridge';

/** The outcome of a drop: open a path, tell the user to complete a path, or nothing. */
export type DropPlan = { kind: 'open'; path: string } | { kind: 'hint'; name: string } | { kind: 'none' };

/** A dropped text or file URL as a path (file:///C:/x → C:/x, file:///home/x → /home/x). */
export function pathFromDrop(text: string): string {
  const t = text.trim().split(/\r?\n/)[0] ?? '';
  if (t.startsWith('file://')) {
    const p = decodeURIComponent(t.slice('file://'.length).replace(/^localhost/, ''));
    return /^\/[A-Za-z]:\//.test(p) ? p.slice(1) : p;
  }
  return t;
}

/**
 * Decides what a drop does.
 * - Electron (`host.pathForFile`, the preload's `webUtils.getPathForFile`): the dropped `.dat`
 *   file (else the first file) opens by its real path; a file without one (e.g. dragged out of a
 *   web page) does nothing.
 * - Browser host: a dropped file URL or path text opens; a bare `File` cannot reveal its path, so
 *   the user is asked to complete it (`hint`).
 */
export function planDrop(
  drop: { files: readonly File[]; uriText: string },
  host: Pick<BridgeHost, 'kind' | 'pathForFile'> | null,
): DropPlan {
  const file = drop.files.find((f) => /\.dat$/i.test(f.name)) ?? drop.files[0];
  if (file && host?.pathForFile) {
    const path = host.pathForFile(file);
    if (path) return { kind: 'open', path };
  }
  if (host?.kind === 'electron') return { kind: 'none' };
  if (drop.uriText.trim()) {
    const path = pathFromDrop(drop.uriText);
    if (path) return { kind: 'open', path };
  }
  return file ? { kind: 'hint', name: file.name } : { kind: 'none' };
}
