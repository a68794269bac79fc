/** HTTP calls of the crash suite; `null` is "no answer" (the server died under the request). */
import { randomUUID } from "node:crypto";

export interface Answer {
  status: number;
  text: string;
  replayed: boolean;
}

export interface Session {
  authToken: string;
  jwt: string;
}

export async function call(
  origin: string,
  method: string,
  path: string,
  options: { body?: unknown; session?: Session; key?: string } = {},
): Promise<Answer | null> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.session !== undefined) {
    headers.authToken = options.session.authToken;
    headers.jwt = options.session.jwt;
  }
  if (options.key !== undefined) headers["idempotency-key"] = options.key;
  try {
    const response = await fetch(`${origin}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    return { status: response.status, text, replayed: response.headers.get("idempotent-replayed") === "true" };
  } catch {
    return null;
  }
}

export async function mustCall(
  origin: string,
  method: string,
  path: string,
  options: Parameters<typeof call>[3] = {},
): Promise<Answer> {
  const answer = await call(origin, method, path, options);
  if (answer === null || answer.status >= 400) {
    throw new Error(`${method} ${path}: ${answer?.status ?? "no answer"} ${answer?.text ?? ""}`);
  }
  return answer;
}

export async function signInGuest(origin: string, national: number): Promise<Session> {
  const phone = { phoneNumber: national, countryCode: 30 };
  await mustCall(origin, "POST", "/api/entrance", { body: phone });
  const outbox = await mustCall(origin, "GET", `/api/dev/outbox?to=${encodeURIComponent(`+30${national}`)}`);
  const code = /\b(\d{6})\b/.exec(outbox.text)?.[1];
  if (code === undefined) throw new Error(`no sign-in code in the outbox: ${outbox.text}`);
  const login = await mustCall(origin, "POST", "/api/authenticate/v2/login", { body: { ...phone, password: code } });
  const session = JSON.parse(login.text) as { authToken: { token: string }; jwt: string };
  return { authToken: session.authToken.token, jwt: session.jwt };
}

export async function signInStaff(origin: string, storeId: number, pin: string): Promise<Session> {
  const login = await mustCall(origin, "POST", `/api/authenticate/login/pin?pin=${pin}&storeId=${storeId}`);
  const session = JSON.parse(login.text) as { authToken: { token: string }; jwt: string };
  return { authToken: session.authToken.token, jwt: session.jwt };
}

export async function sandboxCardToken(origin: string): Promise<string> {
  const answer = await mustCall(origin, "POST", "/api/payments/sandbox/cards", {
    body: { number: "4242 4242 4242 4242", expiryMonth: 12, expiryYear: 2099, cvc: "123" },
  });
  return (JSON.parse(answer.text) as { cardToken: string }).cardToken;
}

export const newKey = (): string => randomUUID();

/** The demo beach bar's umbrella and its plain 6.00 item: what the suite and the backup test order. */
export const DEMO_ORDER = { serviceId: 7001, spotId: 7201, itemId: 70201 } as const;

/** A guest's order of one demo item at `price`, paid as `payment` says. */
export function demoOrderBody(price: number, payment: Record<string, unknown> = { type: "CASH" }) {
  return {
    serviceId: DEMO_ORDER.serviceId,
    tableId: DEMO_ORDER.spotId,
    lines: [{ itemId: DEMO_ORDER.itemId, quantity: 1, kilos: null, comment: "", selection: {} }],
    comment: "",
    expectedTotalCents: price,
    scheduledFor: null,
    payment,
    selectedTableId: null,
    deliveryInfo: null,
    location: null,
    language: "ENG",
  };
}
