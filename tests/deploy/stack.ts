/**
 * The production set-up of the deployment test, on this machine: a local certificate authority
 * and a certificate for kyma.test (openssl), two app processes on one PostgreSQL database, and
 * Debian's nginx running deploy/nginx/kyma.conf as a non-root-style instance (its own prefix,
 * pid, logs and temp directories under .tmp, ports 8443 and 8080). Every process it starts is
 * in its own process group and is stopped by `stop()`, and by the exit of the test process too.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect, createServer } from "node:net";
import path from "node:path";

export const HOST_NAME = "kyma.test";
export const HTTPS_PORT = 8443;
export const HTTP_PORT = 8080;
export const PUBLIC_URL = `https://${HOST_NAME}:${HTTPS_PORT}`;

/**
 * The one command that starts an app process: the compiled server `npm run build` makes, exactly
 * as compose.yaml, the Dockerfile and the systemd unit run it.
 */
export function appCommand(): [string, ...string[]] {
  return [process.execPath, "build/server/main.js"];
}

/** The repository: the tests run from its root (npm scripts, scripts/test.sh). */
const ROOT = process.cwd();
const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";

export interface Certificates {
  caFile: string;
  certFile: string;
  keyFile: string;
  /** base64 SHA-256 of the server key's SubjectPublicKeyInfo: Chromium's --ignore-certificate-errors-spki-list */
  spkiHash: string;
}

/** A CA, and a server certificate it signed for kyma.test (and 127.0.0.1) with the SAN browsers require. */
export function makeCertificates(dir: string): Certificates {
  mkdirSync(dir, { recursive: true });
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: "pipe" });
  openssl(
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-subj",
    "/CN=Kyma deployment test CA",
    "-keyout",
    "ca.key",
    "-out",
    "ca.crt",
    "-days",
    "2",
  );
  writeFileSync(
    file("server.ext"),
    [
      "basicConstraints=CA:FALSE",
      "keyUsage=digitalSignature,keyEncipherment",
      "extendedKeyUsage=serverAuth",
      `subjectAltName=DNS:${HOST_NAME},IP:127.0.0.1`,
      "",
    ].join("\n"),
  );
  openssl(
    "req",
    "-new",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-subj",
    `/CN=${HOST_NAME}`,
    "-keyout",
    "server.key",
    "-out",
    "server.csr",
  );
  openssl(
    "x509",
    "-req",
    "-in",
    "server.csr",
    "-CA",
    "ca.crt",
    "-CAkey",
    "ca.key",
    "-CAcreateserial",
    "-days",
    "2",
    "-sha256",
    "-extfile",
    "server.ext",
    "-out",
    "server.crt",
  );
  const publicKeyDer = execFileSync("openssl", ["pkey", "-in", "server.key", "-pubout", "-outform", "DER"], {
    cwd: dir,
  });
  const spkiHash = execFileSync("openssl", ["dgst", "-sha256", "-binary"], { input: publicKeyDer })
    .toString("base64")
    .trim();
  // The full chain, as certbot's fullchain.pem.
  writeFileSync(file("fullchain.pem"), readFileSync(file("server.crt"), "utf8") + readFileSync(file("ca.crt"), "utf8"));
  return { caFile: file("ca.crt"), certFile: file("fullchain.pem"), keyFile: file("server.key"), spkiHash };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

const running = new Set<ChildProcess>();

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

// Last resort when the test process ends without its clean-up (an uncaught error, Ctrl-C).
process.on("exit", () => {
  for (const child of running) killGroup(child, "SIGKILL");
});

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number, child?: ChildProcess) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) throw new Error(`${what}: the process exited`);
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what}: not ready after ${timeoutMs} ms`);
}

export interface AppProcess {
  name: string;
  port: number;
  logFile: string;
  child: ChildProcess | null;
}

export interface StackOptions {
  dir: string;
  databaseUrl: string;
  certificates: Certificates;
}

export class Stack {
  readonly apps: AppProcess[] = [];
  #nginx: ChildProcess | null = null;
  readonly nginxDir: string;
  readonly accessLog: string;
  readonly jwtSecret = `deployment-test-${"x".repeat(40)}`;

  constructor(readonly options: StackOptions) {
    this.nginxDir = path.join(options.dir, "nginx");
    this.accessLog = path.join(this.nginxDir, "logs", "kyma.access.log");
  }

  async addApp(name: string): Promise<AppProcess> {
    const app: AppProcess = {
      name,
      port: await freePort(),
      logFile: path.join(this.options.dir, `${name}.log`),
      child: null,
    };
    this.apps.push(app);
    return app;
  }

  /** Starts an app process and waits until it answers its health route directly. */
  async startApp(app: AppProcess): Promise<void> {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(app.port),
      HOST: "127.0.0.1",
      DATABASE_URL: this.options.databaseUrl,
      TRUST_PROXY: "on",
      PUBLIC_URL,
      JWT_SECRET: this.jwtSecret,
      DEMO_VENUES: "on",
      // The guests' sign-in codes are read from the outbox, as the e2e suite does.
      DEV_OUTBOX_API: "on",
      LOG_LEVEL: "info",
      CODE_SENDS_NEW_NUMBERS_PER_ADDRESS: "100000",
      CODE_SENDS_PER_STORE_PER_HOUR: "100000",
      CODE_SENDS_PER_HOUR: "100000",
      STATIC_DIR: path.join(ROOT, "dist"),
      DATA_DIR: path.join(this.options.dir, `${app.name}-data`),
    };
    delete env.TEST_POSTGRES_URL;
    const out = openSync(app.logFile, "a");
    const [command, ...args] = appCommand();
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ["ignore", out, out], detached: true });
    closeSync(out);
    running.add(child);
    child.once("exit", () => running.delete(child));
    app.child = child;
    await waitFor(
      `${app.name} on port ${app.port}`,
      async () => (await fetch(`http://127.0.0.1:${app.port}/api/health`)).ok,
      60_000,
      child,
    );
  }

  /** SIGTERM, as a service manager stops it; resolves when it has exited, with its exit code. */
  async stopApp(app: AppProcess): Promise<number | null> {
    const child = app.child;
    if (child === null) return null;
    killGroup(child, "SIGTERM");
    await exited(child);
    app.child = null;
    return child.exitCode;
  }

  /** SIGKILL: a crash, nothing finished or handed back. */
  async killApp(app: AppProcess): Promise<void> {
    const child = app.child;
    if (child === null) return;
    killGroup(child, "SIGKILL");
    await exited(child);
    app.child = null;
  }

  /** nginx with the repository's site file, changed only in its ports, paths and certificate. */
  async startNginx(): Promise<void> {
    const dir = this.nginxDir;
    for (const sub of ["logs", "temp"]) mkdirSync(path.join(dir, sub), { recursive: true });
    const site = siteForTest(readFileSync(path.join(ROOT, "deploy/nginx/kyma.conf"), "utf8"), {
      appPorts: this.apps.map((app) => app.port),
      certFile: this.options.certificates.certFile,
      keyFile: this.options.certificates.keyFile,
      accessLog: this.accessLog,
    });
    writeFileSync(path.join(dir, "kyma.conf"), site);
    const temp = (name: string) => path.join(dir, "temp", name);
    writeFileSync(
      path.join(dir, "nginx.conf"),
      [
        "daemon off;",
        "worker_processes 1;",
        `pid ${path.join(dir, "nginx.pid")};`,
        `error_log ${path.join(dir, "logs", "error.log")} warn;`,
        "events { worker_connections 512; }",
        "http {",
        "  default_type application/octet-stream;",
        `  client_body_temp_path ${temp("client_body")};`,
        `  proxy_temp_path ${temp("proxy")};`,
        `  fastcgi_temp_path ${temp("fastcgi")};`,
        `  uwsgi_temp_path ${temp("uwsgi")};`,
        `  scgi_temp_path ${temp("scgi")};`,
        `  include ${path.join(dir, "kyma.conf")};`,
        "}",
        "",
      ].join("\n"),
    );
    const args = ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-e", path.join(dir, "logs", "error.log")];
    execFileSync(NGINX, [...args, "-t", "-q"], { stdio: "pipe" });
    const out = openSync(path.join(dir, "logs", "stdout.log"), "a");
    const child = spawn(NGINX, args, { stdio: ["ignore", out, out], detached: true });
    closeSync(out);
    running.add(child);
    child.once("exit", () => running.delete(child));
    this.#nginx = child;
    await waitFor(
      "nginx",
      () =>
        new Promise<boolean>((resolve) => {
          const socket = connect(HTTPS_PORT, "127.0.0.1");
          socket.once("connect", () => {
            socket.destroy();
            resolve(true);
          });
          socket.once("error", () => resolve(false));
        }),
      10_000,
      child,
    );
  }

  /** The access log's lines: which app process (upstream=) answered each request. */
  accessLines(): string[] {
    return existsSync(this.accessLog) ? readFileSync(this.accessLog, "utf8").split("\n").filter(Boolean) : [];
  }

  appAt(upstream: string): AppProcess | undefined {
    return this.apps.find((app) => upstream === `127.0.0.1:${app.port}`);
  }

  /** Everything down: nginx, then the apps; every process group, even when the test failed. */
  async stop(): Promise<void> {
    const children = [this.#nginx, ...this.apps.map((app) => app.child)].filter(
      (child): child is ChildProcess => child !== null,
    );
    for (const child of children) killGroup(child, "SIGTERM");
    const timeout = new Promise((resolve) => setTimeout(resolve, 5_000));
    await Promise.race([Promise.all(children.map(exited)), timeout]);
    for (const child of children) killGroup(child, "SIGKILL");
    await Promise.all(children.map(exited));
    this.#nginx = null;
    for (const app of this.apps) app.child = null;
  }

  removeFiles(): void {
    rmSync(this.options.dir, { recursive: true, force: true });
  }
}

interface SiteOptions {
  appPorts: number[];
  certFile: string;
  keyFile: string;
  accessLog: string;
}

/**
 * deploy/nginx/kyma.conf for this machine: each production value replaced by the test's, and
 * each replacement required to match, so a change of the site file cannot silently leave the
 * test on something else.
 */
export function siteForTest(site: string, options: SiteOptions): string {
  const [first, second] = options.appPorts;
  const replacements: Array<[string, string]> = [
    ["listen 80;", `listen 127.0.0.1:${HTTP_PORT};`],
    ["listen [::]:80;", ""],
    ["listen 443 ssl http2;", `listen 127.0.0.1:${HTTPS_PORT} ssl http2;`],
    ["listen [::]:443 ssl http2;", ""],
    ["return 301 https://$host$request_uri;", `return 301 https://$host:${HTTPS_PORT}$request_uri;`],
    ["server_name kyma.example;", `server_name ${HOST_NAME};`],
    ["/etc/letsencrypt/live/kyma.example/fullchain.pem", options.certFile],
    ["/etc/letsencrypt/live/kyma.example/privkey.pem", options.keyFile],
    ["/var/log/nginx/kyma.access.log", options.accessLog],
    ["server 127.0.0.1:3001 ", `server 127.0.0.1:${first} `],
    ["server 127.0.0.1:3002 ", `server 127.0.0.1:${second} `],
  ];
  let result = site;
  for (const [from, to] of replacements) {
    if (!result.includes(from)) throw new Error(`deploy/nginx/kyma.conf no longer contains "${from}"`);
    result = result.split(from).join(to);
  }
  return result;
}
