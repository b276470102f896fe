// fflate for the Node bundles (scripts/build-node.mjs resolves every `fflate` import but this
// file's own to here). fflate builds its Huffman tables when its module is evaluated, a few
// milliseconds that `acsound list` paid on every run although a dat's entries are seldom
// compressed (issue #9). esbuild turns the `require` of the bundled ESM package below into a
// lazy initialiser: the tables are built on the first inflate or deflate, not at start-up.
let fflate;
// eslint-disable-next-line @typescript-eslint/no-require-imports -- esbuild makes this require the lazy initialiser
const load = () => (fflate ??= require('fflate'));

/** fflate `unzlibSync`, loaded on first use. */
export const unzlibSync = (data, opts) => load().unzlibSync(data, opts);

/** fflate `zlibSync`, loaded on first use. */
export const zlibSync = (data, opts) => load().zlibSync(data, opts);
