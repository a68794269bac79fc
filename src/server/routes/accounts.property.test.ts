/**
 * Property tests of every accounts endpoint (design.md API conventions: errors are { code,
 * message } with the catalogue's codes; 5xx never leak): whatever body, headers and query string
 * a client sends, the answer is a success or a 4xx carrying a known error code, never a 5xx.
 */
import { fc, it } from "@fast-check/vitest";
import type { InjectOptions } from "fastify";
import { beforeAll, describe, expect } from "vitest";
import { PRODUCT_ERROR_CODES, SPEC_ERROR_CODES } from "../../domain/error-codes";
import { greekMobile, type SignedInGuest, signInGuest } from "../test-support/accounts";
import { importFixture } from "../test-support/seed";
import { setUpTestApp } from "../test-support/test-app";
import { setUpTestDatabase } from "../test-support/test-database";

const ctx = setUpTestDatabase();
const server = setUpTestApp(() => ctx.db, { devOutboxApi: true });

const KNOWN_CODES = new Set<string>([...SPEC_ERROR_CODES, ...PRODUCT_ERROR_CODES]);

const printable = (max: number) => fc.stringMatching(new RegExp(`^[\\x20-\\x7e]{0,${max}}$`));
const anyNumber = fc.oneof(fc.integer(), fc.nat(), fc.double(), fc.constantFrom(0, -1, 30, 7, 132, 2 ** 31));
/** Any text, NUL, control characters and lone surrogates included (what a hostile client can send). */
const anyText = fc.oneof(
  fc.string({ unit: "binary", maxLength: 24 }),
  fc.constantFrom("\u0000", "a\u0000b", "line\nbreak", "\ud800", "\u202e"),
);
const anyValue = fc.oneof(fc.jsonValue({ maxDepth: 2 }), anyNumber, printable(30), anyText);
const sixDigits = fc.stringMatching(/^[0-9]{6}$/);

/** Values shaped like what each field expects (often valid), or anything at all. */
const FIELD_VALUES: Record<string, fc.Arbitrary<unknown>> = {
  phoneNumber: fc.oneof(fc.integer({ min: 6900000000, max: 6999999999 }), printable(16), anyValue),
  countryCode: fc.oneof(fc.constantFrom(30, "30", "+30", 1, 44, 39), anyValue),
  password: fc.oneof(sixDigits, printable(20), anyValue),
  verificationCode: fc.oneof(sixDigits, printable(10), anyValue),
  email: fc.oneof(fc.emailAddress(), printable(30), fc.constant(null), anyText, anyValue),
  name: fc.oneof(printable(40), fc.constant(null), anyText, anyValue),
  optedInForNewsletter: fc.oneof(fc.boolean(), anyValue),
  staffId: fc.oneof(fc.constantFrom(300, 301, 1), anyValue),
};

function bodyOf(fields: readonly string[]) {
  const shaped = fc.record(Object.fromEntries(fields.map((field) => [field, FIELD_VALUES[field] ?? anyValue])), {
    requiredKeys: [],
  });
  const anyKeys = fc.dictionary(printable(12), anyValue, { maxKeys: 4 });
  return fc.oneof(
    {
      weight: 4,
      arbitrary: shaped.map((record) => ({ payload: JSON.stringify(record), contentType: "application/json" })),
    },
    { weight: 1, arbitrary: fc.constant<{ payload?: string; contentType?: string }>({}) },
    {
      weight: 1,
      arbitrary: anyKeys.map((record) => ({ payload: JSON.stringify(record), contentType: "application/json" })),
    },
    {
      weight: 1,
      arbitrary: fc
        .jsonValue({ maxDepth: 3 })
        .map((json) => ({ payload: JSON.stringify(json), contentType: "application/json" })),
    },
    { weight: 1, arbitrary: printable(60).map((raw) => ({ payload: raw, contentType: "application/json" })) },
    { weight: 1, arbitrary: printable(60).map((raw) => ({ payload: raw, contentType: "text/plain" })) },
  );
}

/** Query strings shaped like the endpoint's (often valid), or raw text with stray % and &. */
function queryOf(shape: Record<string, fc.Arbitrary<string>>) {
  const shaped = fc
    .record(shape, { requiredKeys: [] })
    .map((pairs) =>
      new URLSearchParams(
        Object.entries(pairs).filter((pair): pair is [string, string] => pair[1] !== undefined),
      ).toString(),
    );
  const anyPairs = fc
    .dictionary(printable(8), printable(20), { maxKeys: 3 })
    .map((pairs) => new URLSearchParams(pairs).toString());
  const anyTextPairs = fc
    .dictionary(anyText, anyText, { maxKeys: 2 })
    .map((pairs) => new URLSearchParams(pairs).toString());
  return fc.oneof(
    { weight: 4, arbitrary: shaped },
    { weight: 1, arbitrary: anyPairs },
    { weight: 1, arbitrary: anyTextPairs },
    { weight: 1, arbitrary: fc.stringMatching(/^[\x21-\x22\x24-\x7e]{0,40}$/) },
  );
}

const id = fc.oneof(fc.constantFrom("1", "7", "50"), fc.nat().map(String), printable(8));

interface Endpoint {
  method: "GET" | "POST" | "DELETE";
  path: string;
  query: Record<string, fc.Arbitrary<string>>;
  fields: readonly string[];
}

const phoneFields = ["phoneNumber", "countryCode"] as const;
const channel = { channel: fc.oneof(fc.constantFrom("sms", "call"), printable(6)) };

/** Every endpoint of the accounts issue (spec §7), plus the staff and dev calls of its design. */
const ENDPOINTS: Endpoint[] = [
  { method: "POST", path: "/api/entrance", query: { storeId: id }, fields: phoneFields },
  { method: "POST", path: "/api/sms/v2/send", query: channel, fields: phoneFields },
  { method: "POST", path: "/api/authenticate/v2/login", query: {}, fields: [...phoneFields, "password"] },
  {
    method: "POST",
    path: "/api/authenticate/login/pin",
    query: { pin: fc.oneof(fc.stringMatching(/^[0-9]{4,8}$/), printable(10)), storeId: id },
    fields: [],
  },
  { method: "POST", path: "/api/authenticate/login/waiter-from-token", query: { userId: id, storeId: id }, fields: [] },
  { method: "POST", path: "/api/authenticate/login/tmp", query: { storeId: id }, fields: [] },
  { method: "POST", path: "/api/authenticate/logout", query: {}, fields: [] },
  { method: "POST", path: "/api/sms/send", query: channel, fields: [] },
  { method: "POST", path: "/api/sms/send/change-phone", query: channel, fields: phoneFields },
  { method: "POST", path: "/api/user/change-phone", query: {}, fields: [...phoneFields, "verificationCode"] },
  { method: "POST", path: "/api/email/send/reset", query: {}, fields: ["email"] },
  { method: "POST", path: "/api/user/reset-password", query: {}, fields: ["email", "password", "verificationCode"] },
  { method: "POST", path: "/api/user/v2/update", query: {}, fields: ["name", "email", "optedInForNewsletter"] },
  { method: "POST", path: "/api/user/delete", query: {}, fields: [] },
  { method: "GET", path: "/api/authenticate/tokens/validate/refresh", query: {}, fields: [] },
  { method: "GET", path: "/api/authenticate/v2/tokens/validate/refresh", query: {}, fields: [] },
  { method: "GET", path: "/api/creditCard/user", query: {}, fields: [] },
  { method: "DELETE", path: "/api/creditCard/delete", query: {}, fields: [] },
  { method: "POST", path: "/api/newsletter/opt-out", query: {}, fields: [] },
  { method: "GET", path: "/api/user/membership", query: { restaurantId: id }, fields: [] },
  { method: "POST", path: "/api/staff/login-tokens", query: {}, fields: ["staffId"] },
  {
    method: "GET",
    path: "/api/dev/outbox",
    query: { to: fc.oneof(fc.constant("+306940000001"), printable(30), anyText) },
    fields: [],
  },
];

const tokenLike = fc.oneof(printable(60), fc.stringMatching(/^[A-Za-z0-9_-]{43}$/));
/** Whose tokens a request carries: a signed-in guest's or admin's (so authenticated paths run), or made-up ones. */
const headers = fc.record({
  auth: fc.constantFrom("guest", "admin", "guest-token-admin-jwt", "random", "none"),
  authToken: tokenLike,
  jwt: fc.oneof(printable(120), fc.constant("eyJhbGciOiJub25lIn0.e30.")),
  loginToken: fc.option(tokenLike),
  cardToken: fc.option(printable(40)),
});

interface Session {
  authToken: string;
  jwt: string;
}

let serial = 0;
let guest: Session;
let admin: Session;

beforeAll(async () => {
  await importFixture(ctx.db);
  const signedIn = await server.app.inject({ method: "POST", url: "/api/authenticate/login/pin?pin=4821&storeId=1" });
  admin = { authToken: signedIn.json().authToken.token, jwt: signedIn.json().jwt };
});

function headersOf(random: {
  auth: string;
  authToken: string;
  jwt: string;
  loginToken: string | null;
  cardToken: string | null;
}): Record<string, string> {
  const auth: Record<string, string> =
    random.auth === "guest"
      ? { authToken: guest.authToken, jwt: guest.jwt }
      : random.auth === "admin"
        ? { authToken: admin.authToken, jwt: admin.jwt }
        : random.auth === "guest-token-admin-jwt"
          ? { authToken: guest.authToken, jwt: admin.jwt }
          : random.auth === "random"
            ? { authToken: random.authToken, jwt: random.jwt }
            : {};
  return {
    ...auth,
    ...(random.loginToken === null ? {} : { "login-token": random.loginToken }),
    ...(random.cardToken === null ? {} : { cardToken: random.cardToken }),
  };
}

describe("design.md API conventions: random and malformed requests get a 4xx with an error code, never a 5xx", () => {
  for (const endpoint of ENDPOINTS) {
    describe(`${endpoint.method} ${endpoint.path}`, () => {
      beforeAll(async () => {
        // A fresh guest per endpoint: user/delete and logout end the previous one's session.
        serial += 1;
        const signedIn: SignedInGuest = await signInGuest(server.app, ctx.db, greekMobile(serial));
        guest = { authToken: signedIn.authToken, jwt: signedIn.jwt };
      });

      it.prop([queryOf(endpoint.query), headers, bodyOf(endpoint.fields)], { numRuns: 60 })(
        "random bodies, headers and query strings: a success or a 4xx with a catalogue code",
        async (randomQuery, randomHeaders, randomBody) => {
          const options: InjectOptions = {
            method: endpoint.method,
            url: randomQuery === "" ? endpoint.path : `${endpoint.path}?${randomQuery}`,
            headers: {
              ...headersOf(randomHeaders),
              ...(endpoint.method !== "GET" && randomBody.contentType
                ? { "content-type": randomBody.contentType }
                : {}),
            },
          };
          if (endpoint.method !== "GET" && randomBody.payload !== undefined) options.payload = randomBody.payload;
          const response = await server.app.inject(options);
          expect(response.statusCode, response.body).toBeLessThan(500);
          if (response.statusCode >= 400) {
            const answer = response.json<{ code: unknown; message: unknown }>();
            expect(KNOWN_CODES.has(String(answer.code)), String(answer.code)).toBe(true);
            expect(typeof answer.message).toBe("string");
          }
        },
      );
    });
  }
});
