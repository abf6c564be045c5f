// The deployment files' invariants, checked without Docker: what docker-compose.yml,
// the Dockerfile, deploy/nginx.conf and .env.example must keep so that the topology proven by
// topology.test.ts is the one deployed (replicas without their own worker, a worker that scales, health
// checks, named volumes, websockets through the load balancer, no secret in the repository).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

interface Service {
  image?: string;
  build?: { context: string; target?: string };
  container_name?: string;
  ports?: string[];
  deploy?: { replicas?: number };
  environment?: Record<string, string>;
  volumes?: string[];
  healthcheck?: { test: string[] | string };
  command?: string[] | string;
  depends_on?: Record<string, { condition: string }>;
}

const compose = parse(read('docker-compose.yml'), { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
const { services } = compose;
const dockerfile = read('Dockerfile');
const nginx = read('deploy/nginx.conf');
const envExample = read('.env.example');

describe('docker-compose.yml', () => {
  it('has PostgreSQL, Redis, two server replicas, a worker and a load balancer, each with a health check', () => {
    expect(Object.keys(services).sort()).toEqual(['lb', 'postgres', 'redis', 'server', 'worker']);
    for (const [name, service] of Object.entries(services)) {
      expect(service.healthcheck?.test, name).toBeDefined();
    }
    expect(services.server!.deploy?.replicas).toBe(2);
    expect(JSON.stringify(services.server!.healthcheck!.test)).toContain('/readyz');
    expect(JSON.stringify(services.worker!.healthcheck!.test)).toContain('/healthz');
    expect(JSON.stringify(services.postgres!.healthcheck!.test)).toContain('pg_isready');
  });

  it('runs servers without their own worker or demo data, and a worker that can be scaled', () => {
    const server = services.server!.environment!;
    expect(server.RUN_WORKER).toBe('false');
    expect(server.SEED_DEMO).toBe('${SEED_DEMO:-false}');
    expect(server.TRUST_PROXY).toBe('true');
    // --scale worker=N needs no fixed name and no host port; servers are reached through the lb only.
    for (const name of ['worker', 'server']) {
      expect(services[name]!.container_name, name).toBeUndefined();
      expect(services[name]!.ports, name).toBeUndefined();
    }
    expect(services.server!.build?.target).toBe('server');
    expect(services.worker!.build?.target).toBe('worker');
    for (const name of ['server', 'worker']) {
      const env = services[name]!.environment!;
      expect(env.DATABASE_URL, name).toMatch(/^postgres:\/\/.*@postgres:5432\//);
      expect(env.REDIS_URL, name).toMatch(/^redis:\/\/.*@redis:6379$/);
      expect(env.DATA_DIR, name).toBe('/data');
      expect(services[name]!.volumes, name).toContain('media:/data/media');
      expect(services[name]!.depends_on?.postgres?.condition, name).toBe('service_healthy');
    }
  });

  it('keeps the database, Redis and the media store on named volumes, and Redis durable', () => {
    expect(Object.keys(compose.volumes).sort()).toEqual(['media', 'pgdata', 'redisdata']);
    expect(services.postgres!.volumes).toContain('pgdata:/var/lib/postgresql/data');
    expect(services.redis!.volumes).toContain('redisdata:/data');
    const redis = JSON.stringify(services.redis!.command);
    expect(redis).toContain('--appendonly yes');
    expect(redis).toContain('--maxmemory-policy noeviction');
    expect(services.postgres!.image).toMatch(/^postgres:16/);
    expect(services.redis!.image).toMatch(/^redis:7/);
  });

  it('commits no secret: passwords come from .env, and .env.example names every variable it uses', () => {
    const text = read('docker-compose.yml');
    expect(services.postgres!.environment!.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?/);
    expect(services.redis!.environment!.REDIS_PASSWORD).toMatch(/^\$\{REDIS_PASSWORD:\?/);
    const used = new Set([...text.matchAll(/\$\{([A-Z_]+)/g)].map((m) => m[1]!));
    const listed = new Set([...envExample.matchAll(/^([A-Z_]+)=/gm)].map((m) => m[1]!));
    expect([...used].filter((name) => !listed.has(name))).toEqual([]);
    // The example's secrets are blank.
    expect(envExample).toMatch(/^POSTGRES_PASSWORD=$/m);
    expect(envExample).toMatch(/^REDIS_PASSWORD=$/m);
    expect(read('.gitignore')).toMatch(/^\.env$/m);
  });
});

describe('deploy/nginx.conf', () => {
  it('is sticky by client address and passes websockets for /socket.io and /collab', () => {
    expect(nginx).toMatch(/upstream console_servers \{[^}]*ip_hash;[^}]*server server:3000/);
    expect(nginx).toContain('proxy_set_header Upgrade $http_upgrade;');
    expect(nginx).toContain('proxy_set_header Connection $connection_upgrade;');
    // The live channels compare Origin with the Host the browser sent, port included.
    expect(nginx).toContain('proxy_set_header Host $http_host;');
    for (const location of ['/socket.io/', '/collab/']) {
      const block = nginx.slice(nginx.indexOf(`location ${location}`)).split('}')[0]!;
      expect(block, location).toMatch(/proxy_read_timeout 1h;/);
    }
    // Any proxy_set_header inside a location would drop the server-level ones (Upgrade included).
    const locations = nginx.split(/\n\s*location /).slice(1);
    for (const block of locations) expect(block.split('}')[0]).not.toContain('proxy_set_header');
    expect(services.lb!.volumes).toContain('./deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro');
    // Metrics stay on the internal network.
    expect(nginx).toMatch(/location = \/metrics \{\s*return 404;/);
  });
});

describe('Dockerfile', () => {
  it('builds in one stage and runs small images as the node user with health checks', () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:20-bookworm-slim$/m);
    expect(dockerfile).toMatch(/^FROM manifests AS build$/m);
    expect(dockerfile).toContain('RUN npm run build -w @hc/web');
    expect(dockerfile).toContain(
      'npm ci --omit=dev -w @hc/server -w @hc/worker -w @hc/monetization -w @hc/db -w @hc/media -w @hc/shared',
    );
    expect(dockerfile).toMatch(/^USER node$/m);
    for (const target of ['server', 'worker']) {
      const stage = dockerfile.split(new RegExp(`^FROM runtime AS ${target}$`, 'm'))[1]!.split(/^FROM /m)[0]!;
      expect(stage, target).toMatch(/^HEALTHCHECK /m);
      expect(stage, target).toContain(`"apps/${target}/src/main.ts"`);
    }
    // tsx runs the sources in production (docs/decisions.md, "Runtime TypeScript through tsx"): it must be a
    // runtime dependency, not a dev one.
    for (const app of ['server', 'worker']) {
      const manifest = JSON.parse(read(`apps/${app}/package.json`)) as {
        dependencies: Record<string, string>;
      };
      expect(manifest.dependencies.tsx, app).toBeDefined();
    }
  });
});
