export function findChromium(env?: NodeJS.ProcessEnv): { path: string; source: string } | null;
export function findElectron(env?: NodeJS.ProcessEnv): { path: string } | { path: null; reason: string };
export const CHROMIUM_ARGS: readonly string[];
export const HOW_TO_GET_CHROMIUM: string;
