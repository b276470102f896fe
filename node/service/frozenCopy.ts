/**
 * One deep copy of a value, frozen all the way down, for results every session of a file shares
 * (the browser host's tabs, issue #9): copied once instead of once per call, and safe to hand to
 * any number of callers — a caller that tries to change it gets a TypeError (strict mode) instead
 * of changing every other caller's answer. The HTTP host serializes such a result once too
 * (node/http/server.ts).
 */

/**
 * A `structuredClone` of `value` with every object and array in it frozen.
 * @throws DataCloneError (DOMException) for what structuredClone cannot copy (functions, …)
 */
export function frozenCopy<T>(value: T): T {
  return deepFreeze(structuredClone(value));
}

/** Freezes `value` and every object reachable from it (plain data: no cycles are expected, none are followed twice). */
export function deepFreeze<T>(value: T): T {
  const seen = new Set<object>();
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null || seen.has(v)) continue;
    seen.add(v);
    Object.freeze(v);
    for (const child of Object.values(v)) if (typeof child === 'object' && child !== null) stack.push(child);
  }
  return value;
}
