import { describe, expect, it } from "vitest";
import { waitClock } from "./wait-clock";

describe("the wait before a new sign-in code may be asked for, as a countdown clock", () => {
  it("shows minutes and seconds under an hour, hours too beyond", () => {
    expect(waitClock(42)).toBe("0:42");
    expect(waitClock(60)).toBe("1:00");
    expect(waitClock(545)).toBe("9:05");
    expect(waitClock(7200)).toBe("2:00:00");
    expect(waitClock(3661)).toBe("1:01:01");
  });

  it("rounds a part second up and never goes below zero", () => {
    expect(waitClock(41.2)).toBe("0:42");
    expect(waitClock(-3)).toBe("0:00");
  });
});
