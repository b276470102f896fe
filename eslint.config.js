// Lint rules that keep the architecture honest (see README "Architecture").
import tseslint from 'typescript-eslint';

const platformImports = {
  patterns: [
    { group: ['node:*'], message: 'core/ is platform-free: no Node built-ins.' },
    { group: ['electron', 'electron/*'], message: 'core/ is platform-free: no Electron.' },
    {
      group: ['react', 'react-dom', 'react/*', 'react-dom/*', 'zustand', 'zustand/*'],
      message: 'core/ is platform-free: no React.',
    },
  ],
  paths: [
    'fs',
    'path',
    'os',
    'child_process',
    'crypto',
    'buffer',
    'stream',
    'util',
    'url',
    'http',
    'events',
    'worker_threads',
  ].map((name) => ({
    name,
    message: 'core/ is platform-free: no Node built-ins.',
  })),
};

const rendererPatterns = [
  { group: ['node:*'], message: 'The renderer reaches the service through its bridge only.' },
  { regex: '^electron(/.*)?$', message: 'The renderer reaches the service through its bridge only.' },
  {
    // The one allowed file under electron/: the preload's type declaration of window.acsound(Shell).
    regex: '(^|/)electron/(?!preload/api$)',
    message: 'The renderer may use only electron/preload/api (types of window.acsound), from its bridge.',
  },
];

export default tseslint.config(
  { ignores: ['out/**', 'release/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', '**/*.cjs'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // core: type-aware rules (floating promises, unsafe any, misused promises…) on top of the
    // recommended ones, with core's own tsconfig (no DOM, no Node) as the program.
    files: ['core/**/*.ts'],
    ignores: ['core/**/*.test.ts', 'core/test/**'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { project: './core/tsconfig.json', tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    files: ['core/**/*.ts'],
    ignores: ['core/**/*.test.ts', 'core/test/**'],
    rules: {
      'no-restricted-imports': ['error', platformImports],
      'no-restricted-globals': ['error', 'window', 'document', 'process', 'Buffer', 'require'],
    },
  },
  {
    files: ['renderer/**/*.ts', 'renderer/**/*.tsx'],
    rules: {
      'no-restricted-imports': ['error', { patterns: rendererPatterns }],
    },
  },
  {
    // The Player owns audio and knows no store: the composition root (renderer/src/app) wires them.
    files: ['renderer/src/audio/**/*.ts', 'renderer/src/audio/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...rendererPatterns,
            {
              group: ['**/state/*', '**/app/*'],
              message:
                'audio/ does not import state/ or app/: renderer/src/app/compose.ts wires the Player to the stores.',
            },
          ],
        },
      ],
    },
  },
);
