/**
 * The packaging config checked offline (scripts/validate-eb.cjs): electron-builder's own schema
 * validation, and the Electron fuses a packaged build must set (issue #11, Electron b).
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const { REQUIRED_FUSES, fuseProblems } = require('./validate-eb.cjs') as {
  REQUIRED_FUSES: Record<string, boolean>;
  fuseProblems: (config: { electronFuses?: Record<string, boolean> }) => string[];
};

describe('electron-builder.yml: Electron fuses', () => {
  it('the required fuses: no run-as-node, no NODE_OPTIONS, no --inspect, app only from an integrity-checked asar', () => {
    expect(REQUIRED_FUSES).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('a config without fuses, or with one flipped, is refused naming the fuse', () => {
    expect(fuseProblems({})).toEqual(['electronFuses is missing']);
    expect(fuseProblems({ electronFuses: { ...REQUIRED_FUSES, runAsNode: true } })).toEqual([
      'electronFuses.runAsNode must be false, is true',
    ]);
    const { onlyLoadAppFromAsar: _, ...withoutAsar } = REQUIRED_FUSES;
    expect(fuseProblems({ electronFuses: withoutAsar })).toEqual([
      'electronFuses.onlyLoadAppFromAsar must be true, is unset',
    ]);
    expect(fuseProblems({ electronFuses: REQUIRED_FUSES })).toEqual([]);
  });

  it('the real config passes electron-builder 26 schema validation with every fuse set', () => {
    const r = spawnSync(process.execPath, [join(root, 'scripts/validate-eb.cjs'), 'electron-builder.yml'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/VALID electron-builder configuration .* 6 fuses set/);
  }, 60_000);
});
