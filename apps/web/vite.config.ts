// Vite build of the console. In development the API, media and the live channels are proxied to the
// Fastify server (which, in production, serves this build itself).
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { PurgeCSS } from 'purgecss';

// The server the dev server and `vite preview` forward to; HC_API_TARGET overrides it (e.g. a second
// local server on another port). Build-tool configuration, not app configuration.
const target = process.env.HC_API_TARGET ?? 'http://127.0.0.1:3000';

const proxy = {
  '/api': { target, changeOrigin: true },
  '/media': { target, changeOrigin: true },
  '/files': { target, changeOrigin: true },
  '/socket.io': { target, changeOrigin: true, ws: true },
  '/collab': { target, changeOrigin: true, ws: true },
};

/**
 * PrimeFlex is ~370 KB of utility classes and the console uses a few dozen: the build keeps only the rules
 * whose classes are written somewhere in the console's source, so every first page parses and matches
 * 206 KB of CSS instead of 539 (the web-vitals bench: the login page's main-thread work at 4x, 1,641 -> 1,528 ms).
 * A PrimeFlex class must therefore appear whole in the source, never be assembled from parts. The dev
 * server serves PrimeFlex whole.
 */
function keepUsedPrimeFlex(): Plugin {
  const content = ['index.html', 'src/**/*.{ts,tsx}', '../../packages/shared/src/**/*.ts'].map((glob) =>
    path.join(import.meta.dirname, glob),
  );
  return {
    name: 'hc-keep-used-primeflex',
    apply: 'build',
    enforce: 'pre',
    async transform(css, id) {
      if (!/\/primeflex\/primeflex(\.min)?\.css(\?|$)/.test(id)) return null;
      const [kept] = await new PurgeCSS().purge({
        content,
        css: [{ raw: css }],
        // Class names as the console writes them, responsive prefixes (md:col-6) included.
        defaultExtractor: (text) => text.match(/[\w:-]+/g) ?? [],
      });
      if (!kept) this.error('PurgeCSS returned no stylesheet for PrimeFlex');
      return { code: kept.css, map: null };
    },
  };
}

/**
 * react-router's package exports name only its development build (dev warnings on), for every condition;
 * the production build beside it differs by that switch alone. The console's build takes the production
 * one; the dev server and the tests keep the warnings.
 */
function reactRouterProductionBuild(): Plugin {
  const productionEntry = path.join(
    path.dirname(createRequire(import.meta.url).resolve('react-router')),
    '..',
    'production',
    'index.mjs',
  );
  return {
    name: 'hc-react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      return source === 'react-router' ? productionEntry : null;
    },
  };
}

/**
 * PrimeReact's Paginator imports InputNumber for its jump-to-page box, which no console table shows: the
 * DataTable of every list screen would otherwise bring InputNumber's code (8 KiB gzipped) to the first
 * screen. The build gives the Paginator, and only it, a stand-in that loads the real one on first use
 * (src/lib/primereact/PaginatorInputNumber.tsx). Every other import of InputNumber is the real one.
 */
function paginatorInputNumberLater(): Plugin {
  const standIn = path.join(import.meta.dirname, 'src/lib/primereact/PaginatorInputNumber.tsx');
  return {
    name: 'hc-paginator-input-number-later',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'primereact/inputnumber' || !importer) return null;
      return /\/primereact\/paginator\/paginator\.esm\.js$/.test(importer) ? standIn : null;
    },
  };
}

/**
 * The lara light theme's accent (indigo-500), red and secondary grey fall just short of 4.5:1 for text on
 * white and on the console's grey canvas (4.46, 3.76, 4.43): its sheet gets the next darker steps of the
 * same colours, so every button label, badge and hint passes the contrast check. The dark theme passes
 * as it is.
 */
const LIGHT_THEME_CONTRAST: [from: RegExp, to: string][] = [
  [/#6366f1/gi, '#4f46e5'],
  [/#ef4444/gi, '#dc2626'],
  [/#6b7280/gi, '#5f6672'],
  [/#e24c4c/gi, '#c93636'],
];
function lightThemeContrast(): Plugin {
  return {
    name: 'hc-light-theme-contrast',
    enforce: 'pre',
    transform(css, id) {
      if (!/\/lara-light-indigo\/theme\.css(\?|$)/.test(id)) return null;
      let code = css;
      for (const [from, to] of LIGHT_THEME_CONTRAST) code = code.replace(from, to);
      return { code, map: null };
    },
  };
}

/**
 * Code the first screens run, kept in three chunks instead of the slivers the splitter makes of it (each
 * lazy screen shares a different part of it): React, the router and TanStack Query; PrimeReact's core that
 * every component builds on; the list screens' kit. Each file is gzipped alone, so slivers compress worse
 * and cost a request each. A group takes only the modules it matches (not their imports), and every one
 * of them loads with it: only modules the first screens load anyway belong here, and none the entry
 * imports from the list kit (urlState.ts stays out), or the login page would load the kit
 * (docs/decisions/initial-javascript.md).
 */
const EAGER_GROUPS = [
  { name: 'framework', test: /node_modules\/(react|react-dom|scheduler|react-router|@tanstack\/[\w-]+)\// },
  {
    name: 'primereact-core',
    test: /node_modules\/(primereact\/(utils|api|componentbase|hooks|button|ripple|portal|tooltip|csstransition|iconbase|overlayservice|icons\/spinner)|react-transition-group|dom-helpers|@babel\/runtime)\//,
  },
  {
    name: 'list-kit',
    test: /\/apps\/web\/src\/(lib\/list-page\/(ListTable|ListHeader|ListToolbar|ExportButton|columns|useListPage|useListErrorToast)|components\/(ServerDataTable|drawerSelection|saveBlob|useDebouncedValue|HoverVideo))\.tsx?$/,
  },
];

export default defineConfig({
  plugins: [
    react(),
    keepUsedPrimeFlex(),
    reactRouterProductionBuild(),
    paginatorInputNumberLater(),
    lightThemeContrast(),
  ],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: { codeSplitting: { includeDependenciesRecursively: false, groups: EAGER_GROUPS } },
    },
  },
});
