/**
 * The one rule for focus that an action takes away: when the focused element is removed or
 * disabled by what happened (a view closed, a banner dismissed, a link that navigated away, a
 * button disabled while it works) and the focus falls to `<body>`, it goes to a sensible element
 * instead of nowhere (docs/ui-contract.md, Focus):
 * - the element named by the nearest `data-focus-return="<id>"` around the lost one (its opener:
 *   "Close census" → the toolbar's Census button; Open… → the Dat path field), when it can take focus;
 * - else, when the lost element was in the Details region, that region (the view now shown);
 * - else the visible list (`fallback`).
 * Where the focus would return is worked out when an element takes the focus (while it is still
 * in the page), and used when it is lost.
 */

/** The attribute naming (by id) where the focus returns when an element inside is removed or disabled. */
export const FOCUS_RETURN_ATTR = 'data-focus-return';
/** The id of the Details region: what is lost inside it returns there. */
export const DETAILS_ID = 'details';

function canFocus(el: HTMLElement | null): el is HTMLElement {
  return !!el && el.isConnected && !(el as HTMLButtonElement).disabled && el.getClientRects().length > 0;
}

/** The ids where the focus returns from `el`, best first (worked out while `el` is in the page). */
export function focusHomes(el: Element): string[] {
  const homes: string[] = [];
  const named = el.closest(`[${FOCUS_RETURN_ATTR}]`)?.getAttribute(FOCUS_RETURN_ATTR);
  if (named) homes.push(named);
  if (el.closest(`#${DETAILS_ID}`) !== null) homes.push(DETAILS_ID);
  return homes;
}

/** Installs the rule on `doc`; `fallback` focuses the visible list. Returns the uninstall function. */
export function installFocusReturn(doc: Document, fallback: () => void): () => void {
  let last: Element | null = null;
  let homes: string[] = [];
  const onFocusIn = (e: FocusEvent): void => {
    last = e.target instanceof Element && e.target !== doc.body ? e.target : null;
    homes = last ? focusHomes(last) : [];
  };
  const check = (): void => {
    const lost = last;
    if (!lost) return;
    const disabled = (lost as HTMLButtonElement).disabled === true;
    const active = doc.activeElement;
    // a disabled element may still be the active one until the browser's next rendering update
    if (active && active !== doc.body && !(active === lost && disabled)) return;
    if (lost.isConnected && !disabled) return; // the user moved it (clicked nowhere)
    last = null;
    const home = homes.map((id) => doc.getElementById(id)).find(canFocus);
    if (home) home.focus();
    else fallback();
  };
  doc.addEventListener('focusin', onFocusIn);
  const observer = new MutationObserver(check);
  observer.observe(doc.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] });
  return () => {
    doc.removeEventListener('focusin', onFocusIn);
    observer.disconnect();
  };
}
