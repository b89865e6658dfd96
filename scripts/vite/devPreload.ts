/**
 * On the dev server, the page names every module of the signed-in path up front (`<link rel="modulepreload">`),
 * so the browser asks for them side by side instead of finding them one import level at a time: a signed-in
 * reload walked some fifteen levels of imports, each a round trip to the dev server. The list is read from the
 * dev server's module graph, which the warm-up (`server.warmup`) fills as the server starts, so it always
 * matches the code; a page asked for before that graph has them simply gets fewer hints.
 */
import { resolve } from 'node:path';
import type { EnvironmentModuleNode, HtmlTagDescriptor, Plugin, ViteDevServer } from 'vite';

/** What a signed-in customer's reload runs, besides the entry: compiled while the server starts, and preloaded. */
export const SIGNED_IN_PATH = [
  './src/app/RouterRoot.tsx',
  './src/app/ProtectedLayout.tsx',
  './src/layout/AppLayout.tsx',
  './src/pages/dashboard/DashboardHome.tsx',
];
const ENTRY = './src/main.tsx';

/** A module's static imports, where the graph records which they are (dynamic ones are other routes' pages). */
function staticImports(module: EnvironmentModuleNode): EnvironmentModuleNode[] {
  // Vite keeps that subset on the node without declaring it; without it, every import is followed.
  const staticUrls = (module as EnvironmentModuleNode & { staticImportedUrls?: Set<string> }).staticImportedUrls;
  return [...module.importedModules].filter((imported) => !staticUrls || staticUrls.has(imported.url));
}

/** A module's address as the browser asks for it: a virtual module (`\0name`, or a bare `virtual:` id) behind /@id/, as Vite serves it. */
const browserUrl = (url: string): string =>
  url.startsWith('\0') ? `/@id/__x00__${url.slice(1)}` : url.startsWith('/') ? url : `/@id/${url}`;

export function preloadedModules(server: ViteDevServer, root: string): string[] {
  const graph = server.environments.client.moduleGraph;
  const seen = new Set<EnvironmentModuleNode>();
  const urls: string[] = [];
  const visit = (module: EnvironmentModuleNode | undefined) => {
    if (!module || seen.has(module)) return;
    seen.add(module);
    staticImports(module).forEach(visit);
    if (module.type !== 'asset') urls.push(browserUrl(module.url));
  };
  for (const file of [ENTRY, ...SIGNED_IN_PATH]) visit(graph.getModuleById(resolve(root, file)));
  return urls;
}

export function devModulePreload(): Plugin {
  let server: ViteDevServer | undefined;
  return {
    name: 'dev-module-preload',
    apply: 'serve',
    configureServer(devServer) {
      server = devServer;
    },
    transformIndexHtml: {
      order: 'post',
      handler(): HtmlTagDescriptor[] {
        if (!server) return [];
        return preloadedModules(server, server.config.root).map((href) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', href },
          injectTo: 'head',
        }));
      },
    },
  };
}
