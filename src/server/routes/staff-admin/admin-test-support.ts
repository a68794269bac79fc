/** Sign-ins and calls the tests of the admin routes share. */
import { randomUUID } from "node:crypto";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { SessionResponse } from "../../../domain/auth-api";
import { authHeaders } from "../../test-support/accounts";

export async function pinSession(app: FastifyInstance, storeId: number, pin: string): Promise<Record<string, string>> {
  const response = await app.inject({
    method: "POST",
    url: `/api/authenticate/login/pin?pin=${pin}&storeId=${storeId}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<SessionResponse>();
  return authHeaders({ authToken: body.authToken.token, jwt: body.jwt });
}

export function write(
  app: FastifyInstance,
  method: "POST" | "PATCH" | "PUT",
  url: string,
  session: Record<string, string>,
  payload: object,
  key: string = randomUUID(),
): Promise<LightMyRequestResponse> {
  return app.inject({ method, url, headers: { ...session, "idempotency-key": key }, payload });
}
