import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { CODE_MESSAGES, Code, type TErrorEnvelope } from '@flexpay/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * index.html with the answer's CSP nonce in `<meta name="csp-nonce">`: the page hands it to antd,
 * whose `<style>` elements the policy only allows with it (plugins/security-headers.ts).
 */
export function withCspNonce(html: string, nonce: string | undefined): string {
  if (!nonce || !/^[A-Za-z0-9+/=_-]+$/.test(nonce)) return html;
  return html.replace(/<head>/i, `<head>\n    <meta name="csp-nonce" content="${nonce}" />`);
}

/**
 * Serves the built web app with an SPA fallback: any path outside `/api` that is not a file
 * answers index.html (with its CSP nonce), so a refresh on a deep link works. Unknown `/api/*`
 * paths answer 40400.
 */
export const webPlugin = fp(
  async (app: FastifyInstance, opts: { webDist: string | undefined }) => {
    const root = opts.webDist;
    const hasWeb = !!root && existsSync(join(root, 'index.html'));
    const indexHtml = hasWeb ? readFileSync(join(root, 'index.html'), 'utf8') : '';
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        // index.html is answered by the fallback below, which adds the nonce.
        allowedPath: (pathName) => pathName !== '/index.html',
        cacheControl: false,
        setHeaders: (reply, path) => {
          // Vite puts content hashes in asset names: they never change, cache them for good.
          const immutable = path.startsWith(join(root, 'assets'));
          reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    } else if (root) {
      app.log.warn({ root }, 'web app not built: only the API is served');
    }

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      if (
        !hasWeb ||
        path === '/api' ||
        path.startsWith('/api/') ||
        (request.method !== 'GET' && request.method !== 'HEAD')
      ) {
        return reply
          .status(404)
          .send({ status: Code.NOT_FOUND, message: CODE_MESSAGES[Code.NOT_FOUND] } satisfies TErrorEnvelope);
      }
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(withCspNonce(indexHtml, reply.cspNonce?.style));
    });
  },
  { name: 'web' },
);
