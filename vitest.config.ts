import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'core/**/*.test.ts',
      'node/**/*.test.ts',
      'electron/**/*.test.ts',
      'renderer/src/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    environment: 'node',
    // the persistent caches of the run in a temp folder, never the user's (ACSOUND_CACHE_DIR)
    globalSetup: ['node/test/cacheDirSetup.ts'],
    testTimeout: 20000,
  },
});
