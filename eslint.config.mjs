// @ts-check
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));
const foldersOf = (dir) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * One folder (a client feature or a server module) may use another only through that folder's
 * index.ts, its public surface; everything else in it is internal.
 */
function folderBoundaries(dir) {
  const folders = foldersOf(dir);
  return folders.flatMap((target) =>
    folders
      .filter((from) => from !== target)
      .map((from) => ({
        target: `./${dir}/${target}`,
        from: `./${dir}/${from}`,
        except: ['./index.ts'],
        message: `${dir}/${target} may use ${dir}/${from} only through its index.ts`,
      })),
  );
}

/**
 * The client's features, bottom layer first. A feature may import features of the layers before its
 * own and none of its own layer or above, so every arrow between features points down.
 */
const FEATURE_LAYERS = [
  // The signed-in user and the look: every screen uses them.
  ['session', 'theme'],
  // The estimates' measured accuracy: "How accurate?" beside every estimate (deal's), and the public Accuracy page.
  ['accuracy'],
  // Building blocks of several screens: a deal's figures (results, max offer, comps, label), saved
  // calculations, saved searches, the agent's contacts, the quick-action dialogs, the alerts' notifications,
  // the market trends (their page, and the charts the property and the dashboard show) and the pipeline
  // (its page, and the property's stage).
  [
    'deal',
    'saved-calculations',
    'saved-searches',
    'contacts',
    'calculator',
    'news',
    'notes',
    'team-chat',
    'notifications',
    'markets',
    'pipeline',
  ],
  // Screens: each a route (or a set of routes), composed by app/.
  [
    'map',
    'property',
    'dashboard',
    'help',
    'profile',
    'account',
    'auth',
    'admin-settings',
    'landing',
    'about',
    'details',
    'portfolio',
  ],
];

/** Zones that refuse an import of a folder of the same layer or above. */
function layerOrder(dir, layers, name) {
  const listed = layers.flat();
  const unlisted = foldersOf(dir).filter((folder) => !listed.includes(folder));
  if (unlisted.length > 0) throw new Error(`eslint.config.mjs: add ${unlisted.join(', ')} to ${name}`);
  return layers.flatMap((layer, level) =>
    layer.map((folder) => ({
      target: `./${dir}/${folder}`,
      from: layers
        .slice(level)
        .flat()
        .filter((other) => other !== folder)
        .map((other) => `./${dir}/${other}`),
      message: `${dir} is ordered in ${name} (eslint.config.mjs): ${folder} may import only the layers below its own`,
    })),
  );
}

/**
 * The server's modules, bottom layer first. A module may import modules of the layers before its own
 * and none of its own layer or above, so no two modules import each other.
 */
const MODULE_LAYERS = [
  // The catalogues an admin edits (markets, strategies, interests, accounts): below places and the demo
  // data, which add markets through it.
  ['catalog'],
  // Each owns its tables and uses no other module.
  ['users', 'mail', 'places', 'properties', 'config', 'health', 'lookups', 'notes', 'recent-searches', 'contacts', 'pipeline'],
  // The audit log, sessions and sign-in, the investor's profile: over users.
  ['audit', 'auth', 'profile'],
  // Mortgage rates and their feed (the re-pricer is handed in by app.ts).
  ['rates'],
  // Listings, their comps and results, the re-pricer.
  ['listings'],
  // What fills listings: the demo data and the feed import.
  ['demo-data', 'feed-import'],
  // What runs over them: first-start work, saved calculations, saved searches and their alerts, the
  // MLS listing feed (it writes through feed-import), the estimates' accuracy backtest, the market trends,
  // the portfolio (owned properties from the pipeline, valued by the listings' estimates).
  ['startup', 'saved-calculations', 'alerts', 'listing-feed', 'accuracy', 'market-trends', 'portfolio'],
  // The admin and account screens' routes, the team chat, the backups (their schedule and admin routes).
  ['admin', 'account', 'team-chat', 'backups'],
];

/**
 * The server's root files: the composition root (buildApp, the process, the seed, the workers), above
 * every module. Everything else lives in db/, http/, lib/ (below the modules), modules/ or cli/.
 */
const SERVER_ROOT_FILES = ['app.ts', 'index.ts', 'seed.ts', 'workers.ts'];
const strayRootFiles = readdirSync(path.join(root, 'src/server')).filter(
  (name) => /\.(ts|mjs|js)$/.test(name) && !SERVER_ROOT_FILES.includes(name),
);
if (strayRootFiles.length > 0) {
  throw new Error(
    `eslint.config.mjs: ${strayRootFiles.join(', ')} in src/server: put it in db/, http/, lib/ or a module, or add it to SERVER_ROOT_FILES`,
  );
}

export default tseslint.config(
  {
    ignores: ['node_modules/', 'dist/', 'data/', '.e2e-data/', '.e2e-data-*/', 'test-results/', 'playwright-report/', 'public/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: root },
      globals: { ...globals.node },
    },
    plugins: { import: importPlugin },
    // The node resolver with TypeScript's extensions: every import the boundaries check is relative.
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
      // Packages are not followed (no-cycle would parse their bundles).
      'import/ignore': ['node_modules'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Fastify plugins and hooks, RTK Query callbacks and test mocks are async by contract even when they do not await.
      '@typescript-eslint/require-await': 'off',
      // No two files import each other, however long the way round (type-only imports too).
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/shared',
              from: ['./src/client', './src/server'],
              message: 'src/shared is used by both sides and imports neither',
            },
            { target: './src/client', from: './src/server', message: 'the client talks to the server over HTTP only' },
            { target: './src/server', from: './src/client', message: 'the server does not use client code' },
            {
              target: ['./src/client/components', './src/client/api', './src/client/layout'],
              from: ['./src/client/features', './src/client/app'],
              message:
                'components/, api/ and layout/ sit below the features and app/: they get what they need by props or injection',
            },
            ...layerOrder('src/client/features', FEATURE_LAYERS, 'FEATURE_LAYERS'),
            ...folderBoundaries('src/client/features'),
            {
              target: './src/client/features',
              from: './src/client/app',
              except: ['./hooks.ts'],
              message: 'app/ composes the features: a feature may use only app/hooks.ts (the typed dispatch and selector)',
            },
            {
              target: ['./src/server/db', './src/server/http', './src/server/lib'],
              from: './src/server/modules',
              message: 'db/, http/ and lib/ sit below the modules: app.ts wires modules to them',
            },
            {
              target: ['./src/server/db', './src/server/http', './src/server/lib', './src/server/modules'],
              from: [...SERVER_ROOT_FILES.map((file) => `./src/server/${file}`), './src/server/cli'],
              message: "the server's root files and cli/ compose the modules: nothing below them imports them",
            },
            ...layerOrder('src/server/modules', MODULE_LAYERS, 'MODULE_LAYERS'),
            ...folderBoundaries('src/server/modules'),
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}', 'test/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/shared/schemas/*'],
              allowTypeImports: true,
              message: 'The wire schemas stay out of the browser bundle: import their types only.',
            },
            { group: ['@sinclair/typebox', '@sinclair/typebox/*'], message: 'TypeBox is for the server and the shared schemas.' },
          ],
        },
      ],
    },
  },
  {
    files: ['e2e/fixtures/**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: { ...globals.browser },
      sourceType: 'script',
    },
    rules: {
      ...tseslint.configs.disableTypeChecked.rules,
      // An ES5-style script injected into the page as it is; `var self = this` is its closure idiom.
      '@typescript-eslint/no-this-alias': 'off',
    },
  },
  {
    files: ['**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // CommonJS scripts (a bench's worker thread) load their modules with require().
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['test/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.jest } },
    rules: {
      // Tests read JSON answers as `any` (inject().json(), page.evaluate) and their assertions are the type check.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
  prettier,
);
