// The public Top Videos player as one self-contained IIFE: dist/embed/player.js, served by the server at
// /embed/player.js. Built after the console (whose build empties dist), so it must not empty dist itself.
// The build fails when the script outgrows its budget (under 15 kB gzipped).
import { gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

const PLAYER_GZIP_BUDGET_BYTES = 15 * 1024;

function gzipBudget(limit: number): Plugin {
  return {
    name: 'hc-gzip-budget',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        const gzipped = gzipSync(file.code, { level: 9 }).length;
        const line = `${file.fileName}: ${file.code.length} B, ${gzipped} B gzipped (budget ${limit} B)`;
        if (gzipped > limit) this.error(`over budget: ${line}`);
        console.log(`embed player ${line}`);
      }
    },
  };
}

export default defineConfig({
  publicDir: false,
  plugins: [gzipBudget(PLAYER_GZIP_BUDGET_BYTES)],
  build: {
    outDir: 'dist/embed',
    emptyOutDir: false,
    copyPublicDir: false,
    sourcemap: false,
    minify: true,
    // Shared modules (e.g. the constants) hold statements we do not use; only the entry runs code.
    rolldownOptions: { treeshake: { moduleSideEffects: (id) => id.endsWith('/embed/player.ts') } },
    lib: {
      entry: 'src/embed/player.ts',
      formats: ['iife'],
      name: 'hcTopVideos',
      fileName: () => 'player.js',
    },
  },
});
