/**
 * Vite config of the web front ends. Root is src/web, which holds the three HTML entries:
 * index.html (prerendered landing), admin.html (admin SPA shell) and 404.html (static 404 page).
 * Each entry has its own chunk graph, so the landing never loads admin code. scripts/build.ts
 * runs this config twice: the client build (dist/web) and the SSR build (dist/ssr).
 */
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Dev server only: serve admin.html for /admin and /admin/* (the production server does the same). */
function adminSpaFallback(): Plugin {
  return {
    name: 'admin-spa-fallback',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const path = req.url?.split('?')[0] ?? '';
        if (/^\/admin(\/[^.]*)?$/.test(path)) req.url = '/admin.html';
        next();
      });
    },
  };
}

export default defineConfig({
  root: fromRoot('./src/web'),
  publicDir: fromRoot('./src/web/public'),
  plugins: [react(), tailwindcss(), adminSpaFallback()],
  // Mirrors tsconfig.json `paths` ('@/*' → 'src/*').
  resolve: { alias: { '@': fromRoot('./src') } },
  build: {
    outDir: fromRoot('./dist/web'),
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    // The landing's images and videos stay files (hashed, cached for a year, lazily loaded)
    // instead of data URLs repeated in the prerendered HTML and the bundle.
    assetsInlineLimit: (file) =>
      file.includes('/src/web/landing/assets/') || file.includes('/src/web/assets/') ? false : undefined,
    // Every supported browser has <link rel="modulepreload">; the polyfill would be dead weight.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: {
        index: fromRoot('./src/web/index.html'),
        admin: fromRoot('./src/web/admin.html'),
        404: fromRoot('./src/web/404.html'),
      },
    },
  },
  server: {
    // `npx vite` for UI work: the API comes from a running server (npm start, default port 3000).
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
