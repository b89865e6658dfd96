/**
 * What `vite build` does after bundling, in order: the sign-in card
 * prerendered into index.html, the sign-in's and the signed-in page's files listed in it, the
 * headers file for static hosts, then the service worker (last, so it
 * precaches the final index.html).
 */
import type { Plugin, ResolvedConfig } from 'vite';
import { resolve } from 'node:path';
import type { HeaderConfig } from '../security/securityHeaders.ts';
import { writeHeadersFile } from './headersFile.ts';
import { prerenderSignInCard } from './prerender.ts';
import { writePreloadLists } from './preloadLists.ts';
import { generateServiceWorker } from './serviceWorker.ts';

export function productionBuild(options: { headerConfig: HeaderConfig }): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'production-build',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle(error?: Error) {
      if (error || config.build.ssr) return;
      const outDir = resolve(config.root, config.build.outDir);
      await prerenderSignInCard(config.root, outDir);
      writePreloadLists(outDir);
      writeHeadersFile(outDir, options.headerConfig);
      const { count, size } = await generateServiceWorker(outDir);
      config.logger.info(`sign-in card prerendered; sw.js precaches ${count} files, ${(size / 1024).toFixed(0)} KiB`);
    },
  };
}
