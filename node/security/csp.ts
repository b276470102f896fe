/**
 * The one Content-Security-Policy of the renderer, shared by every place that serves it:
 * - electron/main/window.ts sets it as a response header for anything served over http(s), and
 *   electron/main/appProtocol.ts on the app://renderer/ page;
 * - node/http (the browser host) sends it as a response header for HTML;
 * - the renderer build (scripts/vite-csp.ts, used by electron.vite.config.ts) writes it into
 *   out/renderer/index.html as a `<meta http-equiv>`, minus the directives a meta cannot carry.
 *
 * The MP3 decoder compiles its embedded WASM (`'wasm-unsafe-eval'`, core/codecs/mp3/wasmDecoder.ts).
 * Nothing else is widened: the renderer starts no worker (`worker-src 'none'`) and makes no `blob:`
 * URL (playback is Web Audio on decoded samples, exports are written by the service), so no
 * directive allows `blob:`. Nothing inline is allowed for scripts, nor
 * for styles: the built renderer's CSS is an external file, and React sets `style` props through
 * the CSSOM, which `style-src` does not govern (issue #11, Electron e).
 * Pure data and string functions: no Node built-ins, so a build config can import it too.
 */

/** Directive → sources, in the order they are written. */
export type CspDirectives = Readonly<Record<string, readonly string[]>>;

/** The production policy. */
export const CSP_DIRECTIVES: CspDirectives = {
  'default-src': ["'self'"],
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  'worker-src': ["'none'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'media-src': ["'self'"],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
};

/** Directives that only work as a response header (browsers ignore them, with a warning, in a `<meta>`). */
export const HEADER_ONLY_DIRECTIVES: readonly string[] = ['frame-ancestors', 'report-uri', 'sandbox'];

/** The directives and sources the app cannot work without (checked by tests against every form). */
export const REQUIRED_CSP_SOURCES: CspDirectives = {
  'script-src': ["'wasm-unsafe-eval'"],
};

/** `directive a b; directive c` */
export function serializeCsp(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

/** Parses a policy string into directives (lower-cased names; the first occurrence wins, as in browsers). */
export function parseCsp(policy: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name && !(name.toLowerCase() in out)) out[name.toLowerCase()] = sources;
  }
  return out;
}

/** The policy as a response header value. */
export const CONTENT_SECURITY_POLICY = serializeCsp(CSP_DIRECTIVES);

/** The policy for a `<meta http-equiv="Content-Security-Policy">`: the header minus header-only directives. */
export function cspForMeta(directives: CspDirectives = CSP_DIRECTIVES): string {
  return serializeCsp(
    Object.fromEntries(Object.entries(directives).filter(([name]) => !HEADER_ONLY_DIRECTIVES.includes(name))),
  );
}

/**
 * The development relaxation, for the Vite dev server (`electron-vite dev`) only: the inline
 * scripts the dev server injects (the React Fast Refresh preamble of @vitejs/plugin-react) are
 * allowed by their exact hashes (`'sha256-…'`, never `'unsafe-inline'`), the HMR WebSocket
 * by `ws:` on the loopback host, and the `<style>` elements it injects for the CSS.
 * @param inlineScriptHashes CSP hash sources, e.g. `'sha256-AbC…='`
 */
export function devCspDirectives(inlineScriptHashes: readonly string[]): CspDirectives {
  return {
    ...CSP_DIRECTIVES,
    'script-src': [...(CSP_DIRECTIVES['script-src'] ?? []), ...inlineScriptHashes],
    'connect-src': [...(CSP_DIRECTIVES['connect-src'] ?? []), 'ws://localhost:*', 'ws://127.0.0.1:*'],
    // the dev server injects the CSS as <style> elements (hot reload); the build links a file
    'style-src': [...(CSP_DIRECTIVES['style-src'] ?? []), "'unsafe-inline'"],
  };
}
