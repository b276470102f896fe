/**
 * Vitest global setup: every test run — its workers, the CLIs and hosts they spawn — keeps its
 * persistent caches (the entry-count cache, node/service/entryCountCache.ts) in a fresh temp
 * folder named by ACSOUND_CACHE_DIR, never in the user's cache folder; removed after the run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'acsound-test-cache-'));
  process.env['ACSOUND_CACHE_DIR'] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
