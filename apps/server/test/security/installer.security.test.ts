import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { installRoutes } from '../../src/modules/install/install.routes.js';
import { buildTestApp, call, type TestApp } from '../harness.js';

interface RegisteredRoute {
  method: 'GET' | 'POST';
  url: string;
}

/**
 * Every route the install module registers, read from Fastify's own onRoute hook (not listed
 * by hand), so a call added to the wizard later is swept too. HEAD twins of GET routes carry
 * no body and are left out.
 */
async function installerRoutes(services: TestApp['app']['services']): Promise<RegisteredRoute[]> {
  const probe = Fastify();
  probe.decorate('services', services);
  probe.decorate('reads', new Map());
  const routes: RegisteredRoute[] = [];
  probe.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method: method as RegisteredRoute['method'], url: route.url });
    }
  });
  await probe.register(installRoutes);
  await probe.ready();
  await probe.close();
  return routes;
}

describe('installer after installation', () => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('[H-8][SEC-6][S3-041] every installer call under both prefixes answers only "Already installed", never the data path', async () => {
    t = await buildTestApp();
    const routes = await installerRoutes(t.app.services);
    const urls = routes.map((r) => r.url);
    expect(urls).toContain('/installation/config-file/check');
    expect(urls).toContain('/answer/installation/config-file/check');
    expect(urls.filter((u) => u.startsWith('/installation/'))).toHaveLength(routes.length / 2);

    // A body every step would accept, so only the installed-site gate can refuse it.
    const wizardBody = {
      ...t.dbFields,
      lang: 'en_US',
      site_name: 'Second site',
      site_url: 'http://localhost:9080',
      contact_email: 'owner@example.com',
      name: 'intruder',
      password: 'intruder-password',
      email: 'intruder@example.com',
    };
    for (const route of routes) {
      const res = await call(t.app, route.method, route.url, route.method === 'GET' ? undefined : wizardBody);
      expect({ route, status: res.status, body: res.body }).toEqual({
        route,
        status: 400,
        body: { code: 400, reason: 'install.already_installed', msg: 'Already installed', data: null },
      });
      expect(res.response.body).not.toContain(t.dataDir);
    }
  });
});
