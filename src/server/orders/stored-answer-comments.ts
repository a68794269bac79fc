/**
 * A staff write's stored answer (order_requests.response_body: a receipt, an opening, a ticket)
 * repeats the comments guests typed on their lines. When a guest deletes the account, the
 * comments of the guest's orders are blanked in those answers, and nothing else changes, so a
 * replay of the write still answers the same thing.
 */

/**
 * The answer with every `comment` inside an object whose `orderId` is one of `orderIds` (a line,
 * or a ticket with its lines) set to ""; null when it has none, or is not JSON.
 */
export function blankCommentsOfOrders(body: string, orderIds: ReadonlySet<number>): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  let changed = false;
  const walk = (node: unknown, ofOrder: boolean): void => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item, ofOrder);
      return;
    }
    if (typeof node !== "object" || node === null) return;
    const record = node as Record<string, unknown>;
    const inside = ofOrder || (typeof record.orderId === "number" && orderIds.has(record.orderId));
    for (const [key, value] of Object.entries(record)) {
      if (inside && key === "comment" && typeof value === "string") {
        if (value !== "") {
          record[key] = "";
          changed = true;
        }
      } else {
        walk(value, inside);
      }
    }
  };
  walk(parsed, false);
  return changed ? JSON.stringify(parsed) : null;
}
