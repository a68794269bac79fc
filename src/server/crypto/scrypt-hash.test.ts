import { describe, expect, it } from "vitest";
import { hashSecret, verifySecret } from "./scrypt-hash";

describe("scrypt hashes of PINs and passwords (brief: memory-hard, node:crypto)", () => {
  it("verifies the secret it hashed, NFC-normalized, and nothing else; every hash has its own salt", async () => {
    const hash = await hashSecret("καλημέρα");
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await verifySecret("καλημέρα", hash)).toBe(true);
    expect(await verifySecret("καλημέρα".normalize("NFD"), hash)).toBe(true);
    expect(await verifySecret("καλημερα", hash)).toBe(false);
    expect(await hashSecret("καλημέρα")).not.toBe(hash);
  });

  it("a malformed or tampered hash (unaffordable cost) is a refusal, not a crash", async () => {
    const [, , , , salt, key] = (await hashSecret("1234")).split("$");
    for (const stored of ["", "bcrypt$x", `scrypt$1048576$64$1$${salt}$${key}`, `scrypt$1000$8$1$${salt}$${key}`]) {
      expect(await verifySecret("1234", stored)).toBe(false);
    }
  });
});
