/**
 * The container and service files, checked here because Docker and systemd are not on this
 * machine: compose.yaml parses and runs exactly the production command the deployment test runs,
 * the image runs it as a non-root user with a health check, and every variable they set is one the
 * server reads (a misspelt name would be ignored silently).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { ServerEnv } from "../../src/server/config-env";

/** The production process (README "Going live"; the deployment test's command after the build). */
const PRODUCTION_COMMAND = "node build/server/main.js";

interface ComposeService {
  command?: string | string[];
  image?: string;
  environment?: Record<string, string>;
  volumes?: string[];
  stop_grace_period?: string;
  depends_on?: Record<string, { condition: string }> | string[];
}

const compose = parse(readFileSync("compose.yaml", "utf8"), { merge: true }) as {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
};
const dockerfile = readFileSync("Dockerfile", "utf8");
const unit = readFileSync("deploy/systemd/kyma.service", "utf8");
const serverVariables = new Set(Object.keys(ServerEnv.properties));

const appServices = Object.entries(compose.services).filter(([, service]) => service.command !== undefined);

function seconds(duration: string | undefined): number {
  const match = duration?.match(/^(\d+)s$/);
  return match ? Number(match[1]) : Number.NaN;
}

describe("compose.yaml: app x2 on PostgreSQL with a volume, Caddy in front", () => {
  it("runs two app processes whose command is exactly `node build/server/main.js`", () => {
    expect(appServices.map(([name]) => name)).toEqual(["app1", "app2"]);
    for (const [, service] of appServices) expect(service.command).toBe(PRODUCTION_COMMAND);
  });

  it("the apps run on PostgreSQL (started healthy first) behind a proxy, with one shared JWT_SECRET", () => {
    for (const [, service] of appServices) {
      expect(service.environment?.DATABASE_URL).toMatch(
        /^postgres:\/\/kyma:\$\{POSTGRES_PASSWORD.*\}@postgres:5432\/kyma$/,
      );
      expect(service.depends_on).toEqual({ postgres: { condition: "service_healthy" } });
      expect(service.environment?.TRUST_PROXY).toBe("on");
      expect(service.environment?.PUBLIC_URL).toMatch(/^https:\/\//);
      expect(service.environment?.JWT_SECRET).toMatch(/^\$\{JWT_SECRET:\?/);
      expect(service.environment?.HOST).toBe("0.0.0.0");
    }
  });

  it("sets only variables the server reads", () => {
    for (const [, service] of appServices) {
      const unknown = Object.keys(service.environment ?? {}).filter((name) => !serverVariables.has(name));
      expect(unknown).toEqual([]);
    }
  });

  it("graceful shutdown: SIGTERM and at least 15 s before the process is killed", () => {
    for (const [, service] of appServices) expect(seconds(service.stop_grace_period)).toBeGreaterThanOrEqual(15);
  });

  it("keeps PostgreSQL's data in a named volume, and Caddy uses deploy/Caddyfile in front of both apps", () => {
    expect(compose.services.postgres?.volumes).toContain("pgdata:/var/lib/postgresql/data");
    expect(Object.keys(compose.volumes)).toContain("pgdata");
    const caddy = compose.services.caddy;
    expect(caddy?.volumes).toContain("./deploy/Caddyfile:/etc/caddy/Caddyfile:ro");
    expect(caddy?.environment?.APP_UPSTREAMS).toBe("app1:3000 app2:3000");
  });

  it("both apps keep uploaded photos (DATA_DIR/uploads) in one shared named volume, which the image creates for node", () => {
    for (const [, service] of appServices) expect(service.volumes).toContain("uploads:/data/uploads");
    expect(Object.keys(compose.volumes)).toContain("uploads");
    expect(dockerfile).toMatch(/^ {4}DATA_DIR=\/data \\$/m);
    expect(dockerfile).toMatch(/^RUN mkdir -p \/data\/uploads && chown -R node:node \/data$/m);
  });
});

describe("Dockerfile: multi-stage, non-root, the compiled server, a health check", () => {
  it("builds in a stage with every dependency and runs with production dependencies only", () => {
    expect(dockerfile).toMatch(/^FROM .+ AS build$/m);
    expect(dockerfile).toMatch(/^RUN npm run build$/m);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    expect(dockerfile).toMatch(/^COPY --from=build \/app\/build \.\/build$/m);
    expect(dockerfile).toMatch(/^COPY --from=build \/app\/dist \.\/dist$/m);
  });

  it("runs `node build/server/main.js` as the unprivileged node user, checked by GET /api/health", () => {
    const runtime = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));
    expect(runtime).toMatch(/^USER node$/m);
    const cmd = runtime.match(/^CMD (\[.*\])$/m)?.[1] ?? "[]";
    expect((JSON.parse(cmd) as string[]).join(" ")).toBe(PRODUCTION_COMMAND);
    expect(runtime).toMatch(/^HEALTHCHECK .*\n? *CMD .*\/api\/health/m);
  });
});

describe("deploy/systemd/kyma.service: the no-container path", () => {
  it("runs the compiled server from an environment file, restarts on failure, stops by SIGTERM within 20 s", () => {
    expect(unit).toMatch(/^ExecStart=\/usr\/bin\/node build\/server\/main\.js$/m);
    expect(unit).toMatch(/^EnvironmentFile=\/etc\/kyma\/kyma\.env$/m);
    expect(unit).toMatch(/^Restart=on-failure$/m);
    expect(unit).toMatch(/^KillSignal=SIGTERM$/m);
    expect(unit).toMatch(/^TimeoutStopSec=20$/m);
    expect(unit).toMatch(/^User=kyma$/m);
  });

  it("its example environment file sets only variables the server reads", () => {
    const names = readFileSync("deploy/systemd/kyma.env.example", "utf8")
      .split("\n")
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => line.slice(0, line.indexOf("=")));
    expect(names.filter((name) => !serverVariables.has(name))).toEqual([]);
    expect(names).toEqual(expect.arrayContaining(["JWT_SECRET", "PUBLIC_URL", "TRUST_PROXY", "SMTP_URL"]));
  });
});
