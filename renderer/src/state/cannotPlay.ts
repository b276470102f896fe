/**
 * Why the open Wave cannot be played, or null: its listing error or the one playability rule's
 * reason (lib/waveProblem `rowProblem`), or the read/parse/decode
 * problem the Player met, or no samples (lib/waveProblem). The transport disables Play and says
 * this once; the Listener's Outcome says it instead of the engine's "played".
 */
import { useMemo } from 'react';
import { usePlayer } from '../audio/usePlayer';
import { hex8 } from '../lib/format';
import { problemText, rowProblem, type WaveProblem } from '../lib/waveProblem';
import { useWaveRow } from './listSelectors';
import { useNav } from './navStore';

/** The open Wave's problem, or null (a SoundTable is open, or the Wave is not known to fail). */
export function useOpenWaveProblem(): WaveProblem | null {
  const current = useNav((s) => s.current);
  const listed = useWaveRow(current?.kind === 'wave' ? current.id : null);
  const known = usePlayer((s) => (current?.kind === 'wave' ? (s.waveProblems[current.id] ?? null) : null));
  const fromRow = useMemo(() => (listed ? rowProblem(listed) : null), [listed]);
  return fromRow ?? known;
}

/** "Cannot play 0x0A000053: Cannot decode: …" for the open Wave, or null when nothing is known against it. */
export function cannotPlayText(waveId: number, problem: WaveProblem): string {
  // a stopped host: its two words (the app's banner says the sentence, once)
  return `Cannot play ${hex8(waveId)}: ${problem.kind === 'host' ? 'host not answering' : problemText(problem)}`;
}
