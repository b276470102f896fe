/**
 * The first open + list of a fresh process (issue #9, `openList.firstMs` of scripts/bench.ts):
 * run as a child of the bench, so nothing of it is compiled, optimised or cached yet — what a
 * CLI user waits for on top of Node's start and the module load. Imports the service, then times
 * one fresh SoundService opening the dat and listing every Wave and SoundTable (as the bench's
 * openList does), and prints that time in ms on stdout. The module load is not in the figure
 * (`cli.*` times the whole `acsound list --json` process).
 *
 * Run: `node --import tsx scripts/benchFirstOpenList.ts <dat> <assetsDir>`.
 */
import { SoundService } from '../node/service/SoundService';

const [dat, assetsDir] = process.argv.slice(2);
if (!dat || !assetsDir) throw new Error('usage: benchFirstOpenList.ts <dat> <assetsDir>');
const s = new SoundService({ assetsDir, entryCountCache: null });
const t = performance.now();
await s.openDat(dat);
await Promise.all([s.listWaves(), s.listSoundTables()]);
const ms = performance.now() - t;
await s.close();
console.log(String(ms));
