import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Browser security headers on every answer (helmet): a strict Content Security Policy whose
 * scripts come from this origin only and whose styles need this origin or the answer's nonce
 * (antd writes its CSS-in-JS into `<style nonce>`; `web.ts` hands the nonce to the page), no
 * framing, nosniff, no referrer. HSTS only when the request came over TLS, so a plain-HTTP
 * start on a laptop never pins the browser to HTTPS. API answers are never stored by a cache:
 * they carry names, numbers and tokens.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifyHelmet, {
      // A fresh nonce per answer, added to script-src and style-src (reply.cspNonce).
      enableCSPNonces: true,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          scriptSrc: ["'self'"],
          scriptSrcAttr: ["'none'"],
          styleSrc: ["'self'"],
          // Style attributes that antd's components write as markup (measuring, scroll locks)
          // are allowed; style elements still need the nonce. An attribute cannot run script.
          styleSrcAttr: ["'unsafe-inline'"],
          // Captcha images, avatars and PDF pages are drawn from data: and blob: URLs.
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          // The PDF preview's worker and its document.
          workerSrc: ["'self'", 'blob:'],
          frameSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'no-referrer' },
      strictTransportSecurity: false,
    });

    app.addHook('onRequest', async (request, reply) => {
      if (request.protocol === 'https') {
        reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
      }
    });

    app.addHook('onSend', async (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      if ((path === '/api' || path.startsWith('/api/')) && !reply.hasHeader('cache-control')) {
        reply.header('cache-control', 'no-store');
      }
    });
  },
  { name: 'security-headers' },
);
