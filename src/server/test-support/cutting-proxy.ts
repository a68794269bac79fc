/**
 * Test-only: a connection cut after the server committed (design.md "Orders: exactly once on
 * patchy Wi-Fi"; a retry after a cut connection never pays twice).
 * A TCP proxy (node:net) forwards the request, swallows the first bytes of the answer and cuts
 * both ends, so the client sees the connection drop although the server did the work; and a plain
 * HTTP POST that reports status, body and the replay header, through the proxy or straight.
 */
import http from "node:http";
import net, { type AddressInfo } from "node:net";

export interface CuttingProxy {
  port: number;
  /** Answers swallowed so far (each one the server had sent: it had committed). */
  swallowed(): number;
  close(): Promise<void>;
}

export async function startCuttingProxy(serverPort: number): Promise<CuttingProxy> {
  let swallowed = 0;
  const proxy = net.createServer((client) => {
    const upstream = net.connect(serverPort, "127.0.0.1");
    client.pipe(upstream);
    upstream.once("data", () => {
      swallowed++;
      upstream.destroy();
      client.destroy();
    });
    client.on("error", () => undefined);
    upstream.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  return {
    port: (proxy.address() as AddressInfo).port,
    swallowed: () => swallowed,
    close: () => new Promise((resolve) => proxy.close(() => resolve())),
  };
}

export interface PostAnswer {
  status: number;
  body: string;
  replayed: boolean;
}

/** POSTs JSON to 127.0.0.1:port; rejects when the connection drops before an answer. */
export function postJson(
  port: number,
  path: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<PostAnswer> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path,
        agent: false,
        headers: { ...headers, "content-type": "application/json", "content-length": Buffer.byteLength(payload) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString("utf8"),
            replayed: response.headers["idempotent-replayed"] === "true",
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
}
