import { describe, expect, it } from "vitest";
import { redactUrl } from "./logging";

describe("logs never hold secrets from URLs (spec §7: tokens in log-call queries and staff links)", () => {
  it("redacts token-like query values and keeps the rest", () => {
    expect(redactUrl("/api/log/close-table-confirmed?tableOpeningId=5&authToken=abc123")).toBe(
      "/api/log/close-table-confirmed?tableOpeningId=5&authToken=%5Bredacted%5D",
    );
    expect(redactUrl("/api/authenticate/login/pin?pin=2580&storeId=7")).toBe(
      "/api/authenticate/login/pin?pin=%5Bredacted%5D&storeId=7",
    );
    expect(redactUrl("/api/tables/12")).toBe("/api/tables/12");
  });

  it("issue 11: a value under any key it does not know is redacted too (a card number put in a query)", () => {
    expect(redactUrl("/api/payments/sandbox/cards?number=4242424242424242&storeId=7")).toBe(
      "/api/payments/sandbox/cards?number=%5Bredacted%5D&storeId=7",
    );
  });

  it("redacts the token segment of /view-order-details/:orderId/:restaurantId/:token", () => {
    expect(redactUrl("/view-order-details/91/7/s3cr3t")).toBe("/view-order-details/91/7/[redacted]");
  });
});
