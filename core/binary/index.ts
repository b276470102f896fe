/** core/binary: fixed layouts as tokens and the one cursor reader/writer (docs/formats/README.md §2). */
export * from './token';
export * from './cursor';
