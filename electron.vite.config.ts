import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { BOOT_ENTRY, bootScriptPlugin } from './scripts/vite-boot';
import { cspMetaPlugin } from './scripts/vite-csp';

// One build for the three Electron targets. out/renderer is also what the browser host serves.
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: { input: { index: resolve(import.meta.dirname, 'electron/main/index.ts') } },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: { index: resolve(import.meta.dirname, 'electron/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'renderer',
    base: './',
    // cspMetaPlugin writes the one CSP (node/security/csp.ts) into index.html: the production
    // policy in builds; in `electron-vite dev`, plus the sha256 of each inline script the dev
    // server injects (@vitejs/plugin-react's Fast Refresh preamble) and the HMR WebSocket.
    // bootScriptPlugin loads renderer/src/boot.ts (the browser host's first calls) first in <head>.
    plugins: [react(), cspMetaPlugin(), bootScriptPlugin()],
    build: {
      outDir: resolve(import.meta.dirname, 'out/renderer'),
      // electron-vite leaves the renderer unminified; the browser host sends it to every new tab
      // and Chromium compiles it before the first row shows (issue #9): a third of the bytes
      minify: true,
      rollupOptions: {
        input: {
          index: resolve(import.meta.dirname, 'renderer/index.html'),
          [BOOT_ENTRY]: resolve(import.meta.dirname, 'renderer/src/boot.ts'),
        },
        // Four files before the first rows, not ten: the first script (boot.ts and what it
        // imports, alone: scripts/vite-boot.ts refuses a build where it imports anything), React,
        // one chunk with every other module the page loads at start, and the bundler's runtime
        // (1 kB), which the last two share. Split across the modules the lazy views share, the
        // start needed 10 requests on a browser's 6 connections per host, and the first calls to
        // the host waited behind them; in one chunk, its 475 kB parsed on one background thread
        // while the other core waited: React apart, the two halves parse at once (issue #9). The
        // views stay lazy chunks.
        output: {
          codeSplitting: {
            groups: [
              {
                name: 'react',
                test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
                priority: 3,
              },
              {
                name: 'boot',
                test: /renderer[\\/]src[\\/]boot\.ts$/,
                priority: 2,
              },
              { name: 'index', tags: ['$initial'], priority: 1 },
            ],
          },
        },
      },
    },
  },
});
