import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The browser build of the site. Messages are precompiled by codegen, so the ICU parser formatjs
 * imports (intl-messageformat) is swapped for its no-parser stub and never shipped.
 */
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@formatjs/icu-messageformat-parser': fileURLToPath(
        new URL('./node_modules/@formatjs/icu-messageformat-parser/no-parser.js', import.meta.url),
      ),
    },
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    // No modulepreload links injected before a lazy import: appending them cost a long task at
    // hydration (Lighthouse TBT 155 -> 41 ms on the marathon); the browser fetches a chunk's imports
    // when it reads the chunk.
    modulePreload: false,
    rollupOptions: { input: 'src/web/entry-client.tsx' },
  },
});
