/**
 * Helpers of the accounts tests: sign a guest in the way the app does (entrance, code from the
 * outbox, login), and build the auth headers of a session.
 */
import type { Kysely } from "kysely";
import { expect } from "vitest";
import type { SessionResponse } from "../../domain/auth-api";
import type { App } from "../app";
import { listOutboxMessagesTo } from "../db/repositories/outbox.repository";
import type { Database } from "../db/schema";

/** A Greek mobile number: national digits and E.164. */
export interface TestPhone {
  phoneNumber: number;
  countryCode: number;
  e164: string;
}

export function greekMobile(n: number): TestPhone {
  const national = 6940000000 + n;
  return { phoneNumber: national, countryCode: 30, e164: `+30${national}` };
}

/** The newest 6-digit code sent to a phone or address through the outbox provider. */
export async function latestCodeTo(db: Kysely<Database>, recipient: string): Promise<string> {
  const [message] = await listOutboxMessagesTo(db, recipient, 1);
  const code = message?.body.match(/\b(\d{6})\b/)?.[1] ?? message?.body.match(/(\d, \d, \d, \d, \d, \d)/)?.[1];
  if (code === undefined) throw new Error(`no code was sent to ${recipient}`);
  return code.replaceAll(", ", "");
}

export function authHeaders(session: { authToken: string; jwt: string }): Record<string, string> {
  return { authToken: session.authToken, jwt: session.jwt };
}

export interface SignedInGuest {
  userId: number;
  authToken: string;
  jwt: string;
  response: SessionResponse;
}

/** Entrance, the code the outbox received, login: the full phone sign-in of spec §2/§7. */
export async function signInGuest(app: App, db: Kysely<Database>, phone: TestPhone): Promise<SignedInGuest> {
  const entrance = await app.inject({
    method: "POST",
    url: "/api/entrance",
    payload: { phoneNumber: phone.phoneNumber, countryCode: phone.countryCode },
  });
  expect(entrance.statusCode, entrance.body).toBe(200);
  const password = await latestCodeTo(db, phone.e164);
  const login = await app.inject({
    method: "POST",
    url: "/api/authenticate/v2/login",
    payload: { phoneNumber: phone.phoneNumber, countryCode: phone.countryCode, password },
  });
  expect(login.statusCode, login.body).toBe(200);
  const response = login.json<SessionResponse>();
  return { userId: response.authToken.user.id, authToken: response.authToken.token, jwt: response.jwt, response };
}
