/**
 * The one reading of a persisted JSON value (localStorage): the object it holds, or `null` for
 * no value, text that is not JSON, or JSON that is not an object (a number, a string, `null`).
 * Callers then check each field; nothing stored is trusted.
 */
export function storedObject(raw: string | null): Record<string, unknown> | null {
  if (!raw) return null;
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return null;
  }
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}
