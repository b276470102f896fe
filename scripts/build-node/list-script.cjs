'use strict';
// Build-only, never shipped as a file: how out/cli/list.cjs is compiled and run, shared by the
// router (scripts/build-node.mjs writes this function's text into out/cli/acsound.cjs) and by
// make-code-cache.cjs, so the code cache is made from list.cjs compiled exactly as the router
// compiles it and summed as the router checks it. No require of its own: the caller passes what
// it has loaded.

/**
 * list.cjs (`source`, read from `file` in `dir`) compiled as require compiles it — a vm `Script`
 * of `Module.wrap(source)` with the same file name — with V8's `cachedData` when given; `run()`
 * runs it as require would: its own module (child of `parent`) in Module._cache, with the same
 * module, require, __filename and __dirname.
 */
function listScript(Module, Script, file, dir, source, cachedData, parent) {
  const script = new Script(Module.wrap(source), { filename: file, cachedData });
  const run = () => {
    const m = new Module(file, parent);
    m.filename = file;
    m.paths = Module._nodeModulePaths(dir);
    Module._cache[file] = m;
    script.runInThisContext()(m.exports, Module.createRequire(file), m, file, dir);
    m.loaded = true;
  };
  return { script, run };
}

/**
 * The line that follows the key line in list.cjs.v8cache: the CRC-32 of the V8 data after it
 * (`crc32`: node:zlib's, passed in like the rest), as 8 hex digits. V8 release builds check the
 * data's version, flags and length but no checksum of its payload, and data damaged in the middle
 * can crash the process (a fatal "unreachable code" or a segfault): the router hands V8 only data
 * whose sum matches, else compiles list.cjs as usual.
 */
function codeCacheSumLine(crc32, data) {
  return '// acsound code cache crc32 ' + crc32(data).toString(16).padStart(8, '0') + '\n';
}

module.exports = { listScript, codeCacheSumLine };
