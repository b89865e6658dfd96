/**
 * Import cycles, counted the strict way: a type-only import and a dynamic
 * import() are edges too (ESLint's import-x/no-cycle skips type imports).
 * Part of `npm run lint`; the rooms themselves are in eslint.config.js.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'Two modules that need each other belong together, or the shared part belongs in a third.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|public/assets)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
