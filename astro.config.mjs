// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [react()],
  server: { port: 4321, host: 'localhost' },
  // Astro's own check refuses body-less DELETEs from scripts (no Origin, no content type); the middleware
  // does the cross-site check instead, for every cookie-authenticated mutation (src/middleware.ts).
  security: { checkOrigin: false },
  devToolbar: { enabled: false },
  vite: {
    // PrimeReact ships CSS imports and CJS/ESM mixes that must go through Vite's SSR transform.
    ssr: { noExternal: ['primereact'], external: ['@electric-sql/pglite', 'pg'] },
    optimizeDeps: { exclude: ['@electric-sql/pglite'] },
  },
});
