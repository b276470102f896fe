'use strict';
// Build-only, never shipped as a file: how out/cli/list.cjs is compiled and run, shared by the
// router (scripts/build-node.mjs writes this function's text into out/cli/acsound.cjs) and by
// make-code-cache.cjs, so the code cache is made from list.cjs compiled exactly as the router
// compiles it. No require of its own: the router passes what it has already loaded.

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

module.exports = { listScript };
