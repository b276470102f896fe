/**
 * The format quick filters beside the search box (issue #10 "Search"): PCM, MP3, 8-bit, stereo,
 * 22 kHz, has warnings. Each is a rule on a Wave's listing row (core/contract `WaveInfo`); the
 * pressed ones combine with AND, with each other and with the search. A SoundTable passes when one
 * of its Waves passes them all (the Waves it plays are what the format describes). A Wave whose
 * header does not parse (`error`) has no format: only "has warnings" can match it.
 */
import { codecFor } from '../../../core/codecs/registry';
import type { WaveInfo } from '../../../core/contract';
import { formatName } from './format';
import { warningProblem, type KnownProblems } from './waveProblem';

export type QuickFilter = 'pcm' | 'mp3' | '8bit' | 'stereo' | '22khz' | 'warnings';

/** The chips in the order shown, with their button text and what they keep. */
export const QUICK_FILTERS: readonly { key: QuickFilter; label: string; title: string }[] = [
  { key: 'pcm', label: 'PCM', title: 'PCM Waves (format tag 0x0001)' },
  { key: 'mp3', label: 'MP3', title: 'MP3 Waves (format tag 0x0055)' },
  { key: '8bit', label: '8-bit', title: '8 bits per sample (uncompressed formats)' },
  { key: 'stereo', label: 'Stereo', title: 'Two channels' },
  { key: '22khz', label: '22 kHz', title: 'Sample rate 22050 Hz' },
  { key: 'warnings', label: 'Has warnings', title: 'Lint warnings, or a Wave that cannot be read or played (⚠)' },
];

/**
 * One quick filter's rule on one Wave. *Has warnings* keeps every row that shows ⚠ or a lint
 * badge: lint warnings, a listing error, a format the one playability rule refuses, or a read or
 * decode that failed since (`known`: the Player's problems; lib/waveProblem `warningProblem`).
 */
export function quickFilterMatches(filter: QuickFilter, w: WaveInfo, known?: KnownProblems): boolean {
  if (filter === 'warnings') return w.warnings.length > 0 || warningProblem(w, known) !== null;
  if (w.error) return false;
  switch (filter) {
    case 'pcm':
      return formatName(w.formatTag) === 'PCM';
    case 'mp3':
      return formatName(w.formatTag) === 'MP3';
    case '8bit':
      return codecFor(w.formatTag).bitsAreSampleSize && w.bitsPerSample === 8;
    case 'stereo':
      return w.channels === 2;
    case '22khz':
      return w.sampleRate === 22050;
  }
}

/** Every pressed filter keeps the Wave (AND); no filter pressed keeps every Wave. */
export function passesQuickFilters(filters: readonly QuickFilter[], w: WaveInfo, known?: KnownProblems): boolean {
  for (const f of filters) if (!quickFilterMatches(f, w, known)) return false;
  return true;
}
