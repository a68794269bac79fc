/**
 * The staff API at the fetch edge, for the back-office screens' tests: a GET of a path in `reads`
 * answers from it; every other call is kept (method, path, Idempotency-Key, content type, body) and
 * answered by `answer`, so a test says what the server does and reads what was sent.
 */
import { vi } from "vitest";

export interface SentCall {
  method: string;
  path: string;
  key: string | null;
  /** The type of a file sent as the body (a JSON body does not name it here). */
  type?: string;
  /** JSON as parsed, a Blob for a file, null for none. */
  body: unknown;
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

export function stubStaffApi(
  answer: (sent: SentCall) => Response | Promise<Response>,
  reads: Record<string, () => unknown>,
): SentCall[] {
  const sent: SentCall[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(new URL(String(input), location.href), init);
      const url = new URL(request.url);
      const read = request.method === "GET" ? reads[url.pathname] : undefined;
      if (read !== undefined) return jsonResponse(200, read());
      const type = request.headers.get("content-type");
      const call = { method: request.method, path: url.pathname, key: request.headers.get("idempotency-key") };
      const isFile = type !== null && !type.includes("json");
      const text = isFile ? "" : await request.text();
      const entry: SentCall = isFile
        ? { ...call, type, body: await request.blob() }
        : { ...call, body: text === "" ? null : JSON.parse(text) };
      sent.push(entry);
      return answer(entry);
    }),
  );
  return sent;
}
