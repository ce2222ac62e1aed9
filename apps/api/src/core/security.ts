import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every answer (web app, API, files, errors). The policy is the one the
 * web app runs under with no violation (tests/e2e/csp.test.ts): antd's CSS-in-JS injects <style> elements
 * ('unsafe-inline' styles only, never scripts), ECharts draws on canvas/SVG, exports are blob: downloads,
 * previews are sandboxed srcdoc frames; a school logo may be an https: or data: image. The swagger UI
 * (/api/docs) runs under the same policy.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'", 'blob:'],
  'frame-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    // No upgrade-insecure-requests: the embedded server is often reached over plain HTTP on a school's LAN.
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // HSTS belongs to the gateway that terminates TLS (a plain-HTTP install must not pin HTTPS on its host name).
    strictTransportSecurity: false,
  });
}
