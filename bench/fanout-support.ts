/**
 * What the two STOMP fan-out benches (orders-fanout.ts, stomp-fanout-eventloop.ts) share: a guest
 * signed in as the app does it, and the question-and-answer with their child process of clients.
 */
import type { ChildProcess } from "node:child_process";
import type { SessionResponse } from "../src/domain/auth-api";
import type { App } from "../src/server/app";
import { listOutboxMessagesTo } from "../src/server/db/repositories/outbox.repository";

/** A guest's phone sign-in, as the app does it: entrance, the code from the outbox, login. */
export async function signInGuest(
  app: App,
  db: Parameters<typeof listOutboxMessagesTo>[0],
  phoneNumber: number,
): Promise<{ userId: number; authToken: string; jwt: string }> {
  const phone = { phoneNumber, countryCode: 30 };
  const entrance = await app.inject({ method: "POST", url: "/api/entrance", payload: phone });
  if (entrance.statusCode !== 200) throw new Error(`entrance: ${entrance.statusCode} ${entrance.body}`);
  const [message] = await listOutboxMessagesTo(db, `+30${phoneNumber}`, 1);
  const code = message?.body.match(/\b(\d{6})\b/)?.[1];
  if (code === undefined) throw new Error("no sign-in code in the outbox");
  const login = await app.inject({
    method: "POST",
    url: "/api/authenticate/v2/login",
    payload: { ...phone, password: code },
  });
  if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);
  const body = login.json<SessionResponse>();
  return { userId: body.authToken.user.id, authToken: body.authToken.token, jwt: body.jwt };
}

/** Sends the clients a command and waits for the message that answers it. */
export function askClients<T extends { type: string }>(
  child: ChildProcess,
  command: object,
  answer: T["type"],
  timeoutMs = 30_000,
): Promise<T> {
  const reply = clientsMessage<T>(child, answer, timeoutMs);
  child.send(command);
  return reply;
}

/** The clients' next message of a type, or an error after timeoutMs. */
export function clientsMessage<T extends { type: string }>(
  child: ChildProcess,
  type: T["type"],
  timeoutMs: number,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.off("message", onMessage);
      reject(new Error(`no "${type}" from the clients within ${timeoutMs} ms`));
    }, timeoutMs);
    const onMessage = (message: { type: string }) => {
      if (message.type !== type) return;
      clearTimeout(timer);
      child.off("message", onMessage);
      resolve(message as T);
    };
    child.on("message", onMessage);
  });
}
