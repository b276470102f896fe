/**
 * The `Link` header the browser host sends with a page (docs/architecture.md, "The service and its
 * transports"): the page's module scripts and the modules they import (`rel=modulepreload`) and its
 * stylesheets (`rel=preload; as=style`), so Chromium asks for them as soon as the response's
 * headers arrive, before it has parsed the HTML: in a new tab, the start-up scripts, whose parse
 * is on the path to the first rows, arrive sooner (issue #9).
 */

/** The attributes of an HTML start tag's inside (`name="v"`, `name='v'`, `name=v`, `name`), names lowercased. */
function attributes(inside: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of inside.matchAll(/([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g))
    out.set(m[1]!.toLowerCase(), m[2] ?? m[3] ?? m[4] ?? '');
  return out;
}

/** A URL as a Link header can carry it between `<` and `>` unchanged: no spaces, quotes, `<>`, `,` or `;`. */
const PLAIN_URL = /^[A-Za-z0-9._~!$&'()*+=:@/?#[\]%-]+$/;

/**
 * The `Link` header value preloading `html`'s `<script type="module" src>`, `<link
 * rel="modulepreload" href>` and `<link rel="stylesheet" href>` (each with `crossorigin` when its
 * tag has it), in document order, each once; null when there is none. URLs stay as written
 * (relative ones resolve against the page, as in the HTML); one that a header could not carry
 * unchanged is left out.
 */
export function preloadLinks(html: string): string | null {
  const links: string[] = [];
  for (const tag of html.matchAll(/<(script|link)\b([^>]*)>/gi)) {
    const attrs = attributes(tag[2]!);
    const cors = attrs.has('crossorigin') ? '; crossorigin' : '';
    if (tag[1]!.toLowerCase() === 'script') {
      const src = attrs.get('src');
      if (attrs.get('type')?.toLowerCase() === 'module' && src && PLAIN_URL.test(src))
        links.push(`<${src}>; rel=modulepreload${cors}`);
    } else {
      const href = attrs.get('href');
      const rel = (attrs.get('rel') ?? '').toLowerCase().split(/\s+/);
      if (!href || !PLAIN_URL.test(href)) continue;
      if (rel.includes('stylesheet')) links.push(`<${href}>; rel=preload; as=style${cors}`);
      else if (rel.includes('modulepreload')) links.push(`<${href}>; rel=modulepreload${cors}`);
    }
  }
  const once = [...new Set(links)];
  return once.length > 0 ? once.join(', ') : null;
}
