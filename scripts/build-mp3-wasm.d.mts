export const CLANG_PACKAGE: string;
export const CLANG_VERSION: string;
export const SOURCES: string[];
export const CLANG_ARGS: string[];
export const GENERATED: string;
export const MANIFEST: string;
export function sha256(bytes: Uint8Array | string): string;
export function generatedModule(wasm: Uint8Array): string;
