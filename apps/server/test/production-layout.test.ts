import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONFIG_VARIABLES } from '../src/config.ts';
import { REPO_ROOT } from '../src/paths.ts';

interface Service {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  healthcheck?: { test?: string[] };
  deploy?: { replicas?: number };
}

/** The repository's compose.yaml as docker compose reads it (anchors and `<<` merge keys resolved). */
async function compose(): Promise<{ services: Record<string, Service> }> {
  return parse(await readFile(path.join(REPO_ROOT, 'compose.yaml'), 'utf8'), { merge: true });
}

/** Environment values that look like a credential must come from the env file (`${VAR...}`), never be written here. */
const SECRET_NAME = /PASSWORD|SECRET|TOKEN|_KEY$|API_KEY/;

describe('compose.yaml (the production layout)', () => {
  it('runs the API, the workers, PostgreSQL and MinIO, the API and workers from one image', async () => {
    const { services } = await compose();
    expect(Object.keys(services)).toEqual(expect.arrayContaining(['api', 'worker', 'postgres', 'minio']));
    const { api, worker } = services;
    expect(api!.image).toBeDefined();
    expect(worker!.image).toBe(api!.image);
    expect(worker!.build).toEqual(api!.build);
    expect(api!.environment!.PARLEY_ROLE).toBe('api');
    expect(worker!.environment!.PARLEY_ROLE).toBe('worker');
    expect(worker!.deploy?.replicas).toBeGreaterThan(1);
  });

  it('sets only settings the server knows, the same storage and database for API and workers', async () => {
    const { services } = await compose();
    for (const name of ['api', 'worker']) {
      const unknown = Object.keys(services[name]!.environment!).filter(
        (key) => !CONFIG_VARIABLES.includes(key),
      );
      expect(unknown, `${name} sets variables config.ts does not read`).toEqual([]);
    }
    const shared = ['DATABASE_URL', 'STORAGE', 'S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'PUBLIC_URL'];
    for (const key of shared)
      expect(services.worker!.environment![key]).toBe(services.api!.environment![key]);
  });

  it("checks the API's health on its readiness route", async () => {
    const { services } = await compose();
    expect(services.api!.healthcheck!.test!.join(' ')).toContain('/api/health/ready');
  });

  it('holds no secrets: every credential is a placeholder from the env file', async () => {
    const { services } = await compose();
    for (const [name, service] of Object.entries(services)) {
      for (const [key, value] of Object.entries(service.environment ?? {})) {
        if (key === 'DATABASE_URL')
          expect(value, `${name} ${key}`).toMatch(/^postgres:\/\/[^:]+:\$\{[A-Z_]+[^}]*\}@/);
        else if (SECRET_NAME.test(key))
          expect(value, `${name} ${key}`).toMatch(/^\$\{[A-Z_]+(:[-?][^}]*)?\}$/);
      }
    }
  });
});
