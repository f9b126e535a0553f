import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { findPackageRoot } from '../catalog/catalog.js';
import { GatewayError } from '../errors/gateway-error.js';
import { sendError } from '../http/error-handler.js';

interface Asset {
  body: Buffer;
  type: string;
}

/**
 * Headers of every dashboard file: scripts and styles from svc only (no CDN, no inline script), data only
 * from svc's own API, never framed, no referrer. The page itself holds no data: every figure comes from the
 * admin API with the key the user logs in with, so the files need no key of their own.
 */
const securityHeaders = {
  'content-security-policy': "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
};

/** The admin dashboard at /dashboard: its files (dashboard/ of the package, and uPlot for the charts), read once at start-up. */
export async function registerDashboardRoutes(app: FastifyInstance): Promise<void> {
  const root = join(await findPackageRoot(), 'dashboard');
  const uplot = dirname(createRequire(import.meta.url).resolve('uplot/dist/uPlot.iife.min.js'));
  const files: Array<[name: string, path: string, type: string]> = [
    ['dashboard.js', join(root, 'dashboard.js'), 'text/javascript; charset=utf-8'],
    ['dashboard.css', join(root, 'dashboard.css'), 'text/css; charset=utf-8'],
    ['uPlot.iife.min.js', join(uplot, 'uPlot.iife.min.js'), 'text/javascript; charset=utf-8'],
    ['uPlot.min.css', join(uplot, 'uPlot.min.css'), 'text/css; charset=utf-8'],
  ];
  const assets = new Map<string, Asset>(await Promise.all(files.map(async ([name, path, type]) => [name, { body: await readFile(path), type }] as [string, Asset])));
  const page = await readFile(join(root, 'index.html'));

  const sendPage = (_request: unknown, reply: FastifyReply) =>
    reply.headers({ ...securityHeaders, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).send(page);
  app.get('/dashboard', { config: { public: true } }, sendPage);
  app.get('/dashboard/', { config: { public: true } }, sendPage);
  app.get('/dashboard/assets/:name', { config: { public: true } }, async (request, reply) => {
    const asset = assets.get((request.params as { name: string }).name);
    if (!asset) return sendError(reply, new GatewayError('resource_not_found', 'No such dashboard file'), request);
    return reply.headers({ ...securityHeaders, 'content-type': asset.type, 'cache-control': 'public, max-age=300' }).send(asset.body);
  });
}
