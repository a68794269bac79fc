import { describe, expect, it } from "vitest";
import { blankCommentsOfOrders } from "./stored-answer-comments";

describe("blankCommentsOfOrders (a deleted guest's line comments in staff's stored answers)", () => {
  const body = JSON.stringify({
    id: 9,
    comment: "the receipt's own",
    lines: [
      { id: 1, orderId: 4, comment: "for Maria" },
      { id: 2, orderId: 5, comment: "extra lemon" },
      { id: 3, orderId: null, comment: "" },
    ],
    tickets: [{ orderId: 4, lines: [{ id: 7, comment: "for Maria" }] }],
  });

  it("blanks the comments of the named orders' lines, nested ones too, and keeps everything else as it was", () => {
    const blanked = blankCommentsOfOrders(body, new Set([4]));
    expect(blanked).not.toBeNull();
    expect(JSON.parse(String(blanked))).toEqual({
      id: 9,
      comment: "the receipt's own",
      lines: [
        { id: 1, orderId: 4, comment: "" },
        { id: 2, orderId: 5, comment: "extra lemon" },
        { id: 3, orderId: null, comment: "" },
      ],
      tickets: [{ orderId: 4, lines: [{ id: 7, comment: "" }] }],
    });
  });

  it("null when nothing changes: other orders, comments already blank, or not JSON", () => {
    expect(blankCommentsOfOrders(body, new Set([77]))).toBeNull();
    expect(blankCommentsOfOrders(JSON.stringify({ lines: [{ orderId: 4, comment: "" }] }), new Set([4]))).toBeNull();
    expect(blankCommentsOfOrders("not json", new Set([4]))).toBeNull();
  });
});
