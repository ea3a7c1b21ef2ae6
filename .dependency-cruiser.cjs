// The layering the developers' guide sets, checked by dependency-cruiser (`npm run lint:deps`,
// run by .ci/run): imports run downwards, and no module imports itself round a cycle. Each folder's
// CONTEXT.md says the same in words, with the exceptions named below.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle makes two modules one: neither can be read, tested or moved alone.',
      from: {},
      to: { circular: true, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'engines-stay-below',
      severity: 'error',
      comment:
        'workers/ holds the engines every layer runs: they import nothing from the browser app, the server or the shared domain code (which imports them).',
      from: { path: '^workers/' },
      to: { path: '^(src|server|common)/' },
    },
    {
      name: 'engines-are-pure',
      severity: 'error',
      comment:
        'Engines are pure functions of plain data: browser and Node adapters (workers, threads, files) stay out of them. Known exceptions: the command-line programs (cli/) and the browser Worker entries (*.worker.ts), see workers/CONTEXT.md.',
      from: { path: '^workers/', pathNot: ['^workers/cli/', '\\.worker\\.ts$', '\\.test\\.ts$'] },
      to: { path: ['^node:', '^(fs|path|os|worker_threads|child_process)$', 'node_modules/comlink/'] },
    },
    {
      name: 'browser-app-not-server',
      severity: 'error',
      comment: 'The browser app reaches the server only through the API (openapi/ types); what both need lives in common/.',
      from: { path: '^src/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-not-browser-app',
      severity: 'error',
      comment: 'The server imports no UI code; what both need lives in common/.',
      from: { path: '^server/' },
      to: { path: '^src/' },
    },
    {
      name: 'shared-code-no-ui',
      severity: 'error',
      comment: 'common/ is shared domain code: no UI, no server internals.',
      from: { path: '^common/' },
      to: { path: ['^src/', '^server/', 'node_modules/(react|react-dom|jotai|wouter)/'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^scratch/', '^dist'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
