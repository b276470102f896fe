/**
 * Centre pane (region "Details"): the open SoundTable, Wave, creature or effect, or a short guide.
 * The views are loaded on first use (components/lazyViews).
 */
import { DETAILS_ID } from '../app/focusReturn';
import { useNav } from '../state/navStore';
import { AfterFirstPaint } from './useAfterFirstPaint';
import { CensusView, CreatureView, EffectView, LazyView, SoundscapeView, SoundTableView, WaveView } from './lazyViews';

export function DetailPane() {
  const current = useNav((s) => s.current);
  const census = useNav((s) => s.showCensus);
  const soundscape = useNav((s) => s.showSoundscape);
  return (
    <section className="detail" aria-label="Details" id={DETAILS_ID} tabIndex={-1}>
      {/* from the frame after the first rows' paint on (issue #9): the pane's box is there at once */}
      <AfterFirstPaint>
        <LazyView>
          {census ? (
            <CensusView />
          ) : soundscape ? (
            <SoundscapeView />
          ) : current === null ? (
            <Welcome />
          ) : current.kind === 'table' ? (
            <SoundTableView key={`t${current.id}`} id={current.id} />
          ) : current.kind === 'creature' ? (
            <CreatureView key={`c${current.id}`} id={current.id} />
          ) : current.kind === 'effect' ? (
            <EffectView key={`e${current.id}`} id={current.id} />
          ) : (
            <WaveView key={`w${current.id}`} id={current.id} />
          )}
        </LazyView>
      </AfterFirstPaint>
    </section>
  );
}

function Welcome() {
  return (
    <div className="welcome">
      <h2>Nothing open</h2>
      <p>Pick a SoundTable, Wave, creature or effect on the left. Keyboard:</p>
      <ul>
        <li>
          <kbd>↑</kbd>/<kbd>↓</kbd> move in the list, <kbd>Enter</kbd> opens (plays a Wave)
        </li>
        <li>
          <kbd>Space</kbd> play/stop (a SoundTable plays its first Wave), <kbd>Esc</kbd> stop all
        </li>
        <li>
          <kbd>/</kbd> or <kbd>Ctrl</kbd>+<kbd>F</kbd> search (ids with or without 0x; sound types by name or value)
        </li>
        <li>
          <kbd>Alt</kbd>+<kbd>←</kbd>/<kbd>→</kbd> back/forward through what you opened
        </li>
      </ul>
    </div>
  );
}
