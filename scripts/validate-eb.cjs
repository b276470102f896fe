#!/usr/bin/env node
/**
 * Offline schema check of the electron-builder configuration: loads it the way electron-builder
 * does (including package.json metadata) and validates it against electron-builder's JSON
 * schema, without packaging anything or downloading Electron. Exits 1 on an invalid config.
 *
 *   node scripts/validate-eb.cjs [electron-builder.yml]
 *
 * Uses internal modules of app-builder-lib / builder-util 26.x (electron-builder is pinned).
 */
'use strict';
const path = require('node:path');
const fs = require('node:fs');

async function main() {
  const file = process.argv[2] ?? 'electron-builder.yml';
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
    console.error(`validate-eb: cannot load electron-builder's config validator (is electron-builder installed? run npm ci): ${e.message}`);
    return 1;
  }
  try {
    const config = await getConfig(projectDir, file, null);
    await validateConfiguration(config, new DebugLogger(false));
    if (!config.appId || !config.productName) throw new Error('appId and productName are required');
    console.log(`validate-eb: ${file} is a VALID electron-builder configuration (appId ${config.appId}, productName "${config.productName}")`);
    return 0;
  } catch (e) {
    console.error(`validate-eb: ${file} is INVALID:\n${e.message}`);
    return 1;
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (e) => {
    console.error(e);
    process.exitCode = 1;
  },
);
