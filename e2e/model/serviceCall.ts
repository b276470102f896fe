/**
 * One service method called over the browser host's HTTP API, as a test reads the service's own
 * answer (README "The browser host": `POST /api/<method>`, the `{ok, result | error}` envelope).
 * A request without the session header uses the host's default session (the dat it started on).
 */
import type { APIRequestContext } from '@playwright/test';

/**
 * `method(...args)` on the host, its `result`.
 * @throws Error naming the method and the service's message when the answer is `ok: false`
 */
export async function callService<T>(request: APIRequestContext, method: string, args: unknown[]): Promise<T> {
  const res = await request.post(`api/${method}`, { data: args });
  const body = (await res.json()) as { ok: boolean; result: T; error?: { message: string } };
  if (!body.ok) throw new Error(`${method}: ${body.error?.message}`);
  return body.result;
}
