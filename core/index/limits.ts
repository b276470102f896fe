/** Small helpers of indexing: bounded concurrency and best-effort steps. */

/** The message of a thrown value (an Error's `message`, else its string form). */
export function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Runs `fn`; on failure returns null and records `what: <error>` in `warnings`. */
export async function bestEffort<T>(fn: () => Promise<T>, what: string, warnings: string[]): Promise<T | null> {
  try {
    return await fn();
  } catch (e) {
    warnings.push(`${what}: ${errorMessage(e)}`);
    return null;
  }
}

/** Runs `fn` over `items` with at most `limit` calls in flight; rejects with the first error. */
export async function forEachLimited<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}
