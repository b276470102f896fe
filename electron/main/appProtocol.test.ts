import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../node/security/csp';
import { APP_INDEX_URL, appProtocolHandler } from './appProtocol';

vi.mock('electron', () => {
  throw new Error('appProtocol.ts must not import electron at run time');
});

const dir = mkdtempSync(join(tmpdir(), 'acsound-app-'));
const renderer = join(dir, 'renderer');
mkdirSync(join(renderer, 'assets'), { recursive: true });
writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>AC</title>');
writeFileSync(join(renderer, 'assets', 'app.js'), 'console.log(1)');
writeFileSync(join(renderer, 'assets', 'dec.wasm'), new Uint8Array([0, 0x61, 0x73, 0x6d]));
writeFileSync(join(dir, 'secret.txt'), 'TOP SECRET');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const serve = appProtocolHandler(renderer);

describe('app:// serves the renderer (issue #11, Electron c)', () => {
  it('serves index.html with the CSP header, scripts and WASM with their MIME types', async () => {
    expect(APP_INDEX_URL).toBe('app://renderer/index.html');
    const html = await serve(new Request(APP_INDEX_URL));
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(await html.text()).toContain('<title>AC</title>');
    const js = await serve(new Request('app://renderer/assets/app.js'));
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('content-security-policy')).toBeNull();
    expect((await serve(new Request('app://renderer/assets/dec.wasm'))).headers.get('content-type')).toBe(
      'application/wasm',
    );
    expect((await serve(new Request('app://renderer/'))).status).toBe(200);
  });

  it('never leaves the renderer folder, answers only its own host, only GET/HEAD', async () => {
    for (const path of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/..%5csecret.txt',
      '/%00',
    ]) {
      const r = await serve(new Request(`app://renderer${path}`));
      expect([403, 404], path).toContain(r.status);
      expect(await r.text()).not.toContain('TOP SECRET');
    }
    expect((await serve(new Request('app://other/index.html'))).status).toBe(404);
    expect((await serve(new Request('app://renderer/missing.js'))).status).toBe(404);
    expect((await serve(new Request('app://renderer/assets'))).status).toBe(404);
    expect((await serve(new Request(APP_INDEX_URL, { method: 'POST', body: 'x' }))).status).toBe(405);
  });
});
