#!/usr/bin/env node
/**
 * Offline schema check of the electron-builder configuration: loads it the way electron-builder
 * does (including package.json metadata) and validates it against electron-builder's JSON
 * schema, without packaging anything or downloading Electron. Exits 1 on an invalid config.
 *
 *   node scripts/validate-eb.cjs [electron-builder.yml] [--pack]
 *
 * `--pack` (after `npm run build`) also packs the app offline: `electron-builder --dir --linux`
 * with a stub Electron distribution, into a temporary folder, then checks that app.asar holds
 * the entry points and runtime dependencies and that assets/ is unpacked beside it.
 *
 * Uses internal modules of app-builder-lib / builder-util 26.x (electron-builder is pinned).
 */
'use strict';
const path = require('node:path');
const fs = require('node:fs');

const REQUIRED_IN_ASAR = [
  '/package.json',
  '/out/main/index.js',
  '/out/preload/index.cjs',
  '/out/renderer/index.html',
  '/assets/demo_portal.dat',
  '/assets/soundtable-labels.json',
];

/**
 * The Electron fuses a packaged build must set (issue #11, Electron b), with their values. A
 * config that leaves one out or sets it otherwise is invalid.
 */
const REQUIRED_FUSES = {
  runAsNode: false,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  onlyLoadAppFromAsar: true,
  enableEmbeddedAsarIntegrityValidation: true,
  grantFileProtocolExtraPrivileges: false,
};

/** Problems with `config.electronFuses` (one line each; empty when every required fuse is set right). */
function fuseProblems(config) {
  const fuses = config.electronFuses;
  if (!fuses || typeof fuses !== 'object') return ['electronFuses is missing'];
  return Object.entries(REQUIRED_FUSES)
    .filter(([name, value]) => fuses[name] !== value)
    .map(
      ([name, value]) =>
        `electronFuses.${name} must be ${value}, is ${fuses[name] === undefined ? 'unset' : fuses[name]}`,
    );
}

/** electron-builder --dir with a stub Electron: checks the `files` globs and asar layout offline. */
function packSmoke(projectDir, file) {
  const { spawnSync } = require('node:child_process');
  const os = require('node:os');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'acsound-pack-'));
  try {
    const stub = path.join(tmp, 'electron-dist');
    fs.mkdirSync(stub);
    fs.writeFileSync(path.join(stub, 'electron'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    const electronVersion = require('electron/package.json').version;
    const out = path.join(tmp, 'release');
    const cli = require.resolve('electron-builder/cli.js');
    const r = spawnSync(
      process.execPath,
      [
        cli,
        '--dir',
        '--linux',
        '--config',
        file,
        '--publish',
        'never',
        `-c.electronDist=${stub}`,
        `-c.electronVersion=${electronVersion}`,
        `-c.directories.output=${out}`,
      ],
      { cwd: projectDir, encoding: 'utf8', env: { ...process.env, CSC_IDENTITY_AUTO_DISCOVERY: 'false' } },
    );
    if (r.status !== 0) throw new Error(`electron-builder --dir failed (exit ${r.status}):\n${r.stdout}\n${r.stderr}`);
    const resources = path.join(out, 'linux-unpacked', 'resources');
    const asar = require('@electron/asar');
    const listed = new Set(asar.listPackage(path.join(resources, 'app.asar')).map((p) => p.split(path.sep).join('/')));
    const pkg = JSON.parse(fs.readFileSync(path.join(projectDir, 'package.json'), 'utf8'));
    const required = [
      ...REQUIRED_IN_ASAR,
      ...Object.keys(pkg.dependencies ?? {}).map((d) => `/node_modules/${d}/package.json`),
    ];
    const missing = required.filter((p) => !listed.has(p));
    if (missing.length > 0) throw new Error(`app.asar lacks: ${missing.join(', ')}`);
    for (const p of ['assets/demo_portal.dat', 'assets/soundtable-labels.json']) {
      if (!fs.existsSync(path.join(resources, 'app.asar.unpacked', p)))
        throw new Error(`${p} is not unpacked beside app.asar (asarUnpack)`);
    }
    const devOnly = ['electron', 'vite', 'typescript', '@playwright/test'].filter((d) =>
      listed.has(`/node_modules/${d}/package.json`),
    );
    if (devOnly.length > 0) throw new Error(`app.asar holds dev dependencies: ${devOnly.join(', ')}`);
    console.log(
      `validate-eb: packed offline OK: app.asar has ${listed.size} entries incl. ${REQUIRED_IN_ASAR.length} required files and ${Object.keys(pkg.dependencies ?? {}).length} runtime dependencies; assets/ unpacked`,
    );
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

async function main() {
  const args = process.argv.slice(2);
  const pack = args.includes('--pack');
  const file = args.find((a) => !a.startsWith('--')) ?? 'electron-builder.yml';
  const projectDir = process.cwd();
  if (!fs.existsSync(path.resolve(projectDir, file))) {
    console.error(`validate-eb: ${file} not found in ${projectDir}`);
    return 1;
  }
  let getConfig, validateConfiguration, DebugLogger;
  try {
    ({ getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config'));
    ({ DebugLogger } = require('builder-util/out/DebugLogger'));
  } catch (e) {
    console.error(
      `validate-eb: cannot load electron-builder's config validator (is electron-builder installed? run npm ci): ${e.message}`,
    );
    return 1;
  }
  try {
    const config = await getConfig(projectDir, file, null);
    await validateConfiguration(config, new DebugLogger(false));
    if (!config.appId || !config.productName) throw new Error('appId and productName are required');
    const fuses = fuseProblems(config);
    if (fuses.length > 0) throw new Error(fuses.join('\n'));
    console.log(
      `validate-eb: ${file} is a VALID electron-builder configuration (appId ${config.appId}, productName "${config.productName}", ${Object.keys(REQUIRED_FUSES).length} fuses set)`,
    );
  } catch (e) {
    console.error(`validate-eb: ${file} is INVALID:\n${e.message}`);
    return 1;
  }
  if (pack) {
    try {
      packSmoke(projectDir, file);
    } catch (e) {
      console.error(`validate-eb: offline pack check FAILED:\n${e.message}`);
      return 1;
    }
  }
  return 0;
}

module.exports = { REQUIRED_FUSES, fuseProblems };

if (require.main === module)
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (e) => {
      console.error(e);
      process.exitCode = 1;
    },
  );
