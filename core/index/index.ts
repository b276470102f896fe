/** core/index: what an open dat holds, listed once (Waves, SoundTables, references between objects). */
export { indexDat, missingText, tableDetail } from './DatIndex';
export type { DatIndex, IndexOptions, KindIndex } from './DatIndex';
export { bestEffort, errorMessage, forEachLimited } from './limits';
export { addSoundTableReferences, ReferenceIndex, soundTableReferences, waveUsageOf } from './references';
export type { GraphReference, Reference, SoundTableRowReference, TableSounds } from './references';
export { entryData, soundTableDetail, soundTableListingOf, soundTableSounds, soundTypeSummaries } from './soundTables';
export type { SoundTableListing } from './soundTables';
export {
  dataSizeText,
  idMismatchWarning,
  lengthKnown,
  listedCbSize,
  playProblem,
  secondsText,
  WAVE_PROBE_BYTES,
  waveDataSize,
  waveInfoOf,
  waveListingOf,
} from './waveListing';
export type { WaveListing } from './waveListing';
