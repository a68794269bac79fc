/** A signed-in guest for tests. */
import type { Session } from "./session-types";

export function testSession(overrides: Partial<Session> = {}): Session {
  return {
    authToken: "opaque-token",
    jwt: "header.payload.signature",
    user: {
      id: 42,
      name: "Eleni",
      email: "eleni@example.gr",
      phone: { phoneNumber: "6912345678", countryISO2: "GR" },
      verified: true,
      optedInForNewsletter: false,
      role: "GUEST",
      storeId: null,
    },
    ...overrides,
  };
}
