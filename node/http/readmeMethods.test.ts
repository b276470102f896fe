/**
 * Rule (README "The browser host"): the service methods that section names are the host's real
 * ones, `POST /api/<method>` of core/contract `SOUND_SERVICE_METHODS` — a reader tries them with
 * curl. QA7 #8: it named `getWave`, which the host answers "unknown service method".
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SOUND_SERVICE_METHODS } from '../../core/contract';
import { repoRoot } from '../test/builtCli';

/** Browser APIs the section names in code style; every other lowerCamel name there is a method. */
const NOT_METHODS = new Set(['sessionStorage', 'localStorage']);

describe('README "The browser host" names only real service methods', () => {
  it('every lowerCamel name in code style there is in SOUND_SERVICE_METHODS', () => {
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    const start = readme.indexOf('\n## The browser host');
    expect(start).toBeGreaterThan(0);
    const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
    const named = [...section.matchAll(/`([a-z]+[A-Z]\w*)`/g)].map((m) => m[1]!).filter((n) => !NOT_METHODS.has(n));
    expect(named).toContain('openDat');
    expect(named.filter((n) => !(SOUND_SERVICE_METHODS as readonly string[]).includes(n))).toEqual([]);
  });
});
