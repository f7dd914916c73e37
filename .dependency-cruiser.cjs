// The import rules of apps/api/src and apps/web/src, run by `npm run lint` (see docs/architecture.md#boundaries).
// Tests, benches and scripts may reach into a feature: they are not cruised.
const FEATURE = '^apps/(api|web)/src/features/';
const INDEX = '^apps/(?:api|web)/src/features/[^/]+/index\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'feature-through-index',
      comment: 'A feature uses another only through its index.ts: export what it needs there.',
      severity: 'error',
      from: { path: `${FEATURE}([^/]+)/` },
      to: { path: FEATURE, pathNot: ['^apps/$1/src/features/$2/', INDEX] },
    },
    {
      name: 'outside-through-index',
      comment: 'Outside the features (app.ts, bootstrap.ts, the web shell) a feature is imported through its index.ts too.',
      severity: 'error',
      from: { path: '^apps/(api|web)/src/', pathNot: [FEATURE, '^apps/web/src/app/(router\\.tsx|admin-screens\\.ts)$'] },
      to: { path: FEATURE, pathNot: INDEX },
    },
    {
      name: 'router-loads-screens',
      comment: 'The web router (and its table of admin screens) loads each screen lazily from its own file (one chunk per screen); anything else goes through index.ts.',
      severity: 'error',
      from: { path: '^apps/web/src/app/(router\\.tsx|admin-screens\\.ts)$' },
      to: { path: FEATURE, pathNot: [INDEX, '/[A-Z][A-Za-z]*Page\\.tsx$'] },
    },
    {
      name: 'api-core-below-features',
      comment: 'core/ is the plumbing every feature shares: it never imports a feature.',
      severity: 'error',
      from: { path: '^apps/api/src/core/' },
      to: { path: '^apps/api/src/features/' },
    },
    {
      name: 'web-core-at-the-bottom',
      comment: 'The web is layered core ← ui ← features ← app: core (HTTP client, session, i18n) imports none of the others.',
      severity: 'error',
      from: { path: '^apps/web/src/core/' },
      to: { path: '^apps/web/src/(ui|features|app)/' },
    },
    {
      name: 'web-ui-below-features',
      comment: 'ui/ holds generic pieces: it imports neither a feature nor the app shell.',
      severity: 'error',
      from: { path: '^apps/web/src/ui/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-features-below-app',
      comment: 'The app shell (router, layouts) imports the features, never the other way round.',
      severity: 'error',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'no-folder-cycle',
      // A folder is judged with its subfolders; as imports between features land on index.ts, a cycle between features
      // shows as one between their folders.
      comment: 'Folders (features, core, ui, app) must not import each other in a circle: split out what both need.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^apps/(api|web)/src/' },
      to: { circular: true },
    },
    {
      name: 'no-circular',
      comment: 'Modules must not import each other in a circle (a type-only import back is harmless).',
      severity: 'error',
      from: { path: '^apps/(api|web)/src/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/dist/', '\\.test\\.tsx?$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
  },
};
