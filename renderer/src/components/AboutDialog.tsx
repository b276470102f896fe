/** About box: what this is, keyboard shortcuts, and credits for the SoundTable labels. */
import { useRef } from 'react';
import { closeAbout, useUi } from '../state/uiStore';
import { Modal } from './Modal';

export function AboutDialog() {
  const open = useUi((s) => s.aboutOpen);
  const closeRef = useRef<HTMLButtonElement>(null);
  if (!open) return null;
  return (
    <Modal labelledBy="about-title" onClose={closeAbout} initialFocus={closeRef}>
      <h2 id="about-title">About AC Sound Browser</h2>
      <p>
        Browse, audition and export the sounds in Asheron&apos;s Call <span className="mono">client_portal.dat</span>,
        with a retail-faithful engine: the 5 m flat zone, 25·v/d² falloff, integer dB with the −50 dB floor, the
        truncated ±15 pan (a balance law, not equal-power), the 16-voice pool and the probability gate.
      </p>
      <h4>Keyboard</h4>
      <p>
        <kbd>↑</kbd>/<kbd>↓</kbd> list · <kbd>Enter</kbd> open/play · <kbd>Space</kbd> play/stop · <kbd>Esc</kbd> stop
        all · <kbd>/</kbd> or <kbd>Ctrl</kbd>+<kbd>F</kbd> search · <kbd>Alt</kbd>+<kbd>←</kbd>/<kbd>→</kbd> history
      </p>
      <p>
        Seek: click or drag on the waveform to play from there · while a sound plays, <kbd>←</kbd>/<kbd>→</kbd> move it
        back/forward 0.5 s (<kbd>Shift</kbd> 2 s) wherever the focus is, except in fields, sliders, tabs and the panner,
        which keep their arrows · on the focused waveform, stopped: <kbd>←</kbd>/<kbd>→</kbd>, <kbd>Home</kbd>/
        <kbd>End</kbd> move the playhead and <kbd>Enter</kbd> or <kbd>Space</kbd> plays from it
      </p>
      <h4>Credits</h4>
      <p>
        SoundTable labels (e.g. “0x20000007 — Drudge”) are derived from the public ACE world database,{' '}
        <span className="mono">ACEmulator/ACE-World-16PY-Patches</span> (commit f6796aead603), licensed AGPL-3.0; only
        ids, names and counts were taken. Asheron&apos;s Call is a trademark of its owners; this tool ships no game
        audio (the demo dat is synthesized).
      </p>
      <div className="actions">
        <button ref={closeRef} type="button" className="btn" onClick={closeAbout}>
          Close
        </button>
      </div>
    </Modal>
  );
}
