/**
 * What the crash suite checks at the end (issue 11 item 2), read straight from the SQLite file once
 * the server stopped: every acknowledged order exists exactly once; every decided order (accepted,
 * rejected, timed out) got exactly one outcome message in the outbox and no job is left pending or
 * dead; an accepted card order's payment is CAPTURED, a rejected or timed-out one's VOIDED; the
 * staff's acknowledged decisions are the orders' statuses; PRAGMA integrity_check is ok.
 */
import SqliteDatabase from "better-sqlite3";

export interface Acknowledged {
  /** Idempotency-Key → the order id its 201 named. */
  orders: Map<string, number>;
  /** Order id → the status a staff decision was answered 200 with. */
  decisions: Map<number, string>;
}

export interface CheckResult {
  ordersInDatabase: number;
  acknowledgedOrders: number;
  lostOrders: number;
  duplicatedOrders: number;
  statuses: Record<string, number>;
  cardOrders: { captured: number; voided: number; unsettled: number };
  outcomeMessages: { ordersDecided: number; withExactlyOne: number; withNone: number; withMore: number };
  decisionsNotKept: number;
  /** null: a server without the jobs table (a checkout before issue 11, run to compare). */
  jobs: { pending: number; dead: number; done: number } | null;
  integrityCheck: string;
  problems: string[];
}

export function checkDatabase(file: string, acknowledged: Acknowledged): CheckResult {
  const db = new SqliteDatabase(file, { readonly: true });
  try {
    const problems: string[] = [];
    const orders = db
      .prepare(
        "select orders.id, status, payment_type, daily_number, users.phone from orders join users on users.id = orders.user_id",
      )
      .all() as { id: number; status: string; payment_type: string; daily_number: number; phone: string }[];
    const byId = new Map(orders.map((order) => [order.id, order]));
    const ackedIds = [...acknowledged.orders.values()];
    const lost = ackedIds.filter((id) => !byId.has(id));
    // One order per key: the stored answers name each order once, and no order lacks its key.
    const keysPerOrder = db
      .prepare("select order_id, count(*) as n from order_requests where order_id is not null group by order_id")
      .all() as { order_id: number; n: number }[];
    const duplicated = orders.length - new Set(ackedIds).size;
    if (lost.length > 0) problems.push(`acknowledged orders missing: ${lost.join(", ")}`);
    if (duplicated !== 0) {
      problems.push(
        `${orders.length} orders for ${new Set(ackedIds).size} acknowledged keys (duplicated or never answered)`,
      );
    }
    if (keysPerOrder.some((row) => row.n !== 1)) problems.push("an order is named by more than one key");

    const statuses: Record<string, number> = {};
    for (const order of orders) statuses[order.status] = (statuses[order.status] ?? 0) + 1;

    const payments = new Map(
      (db.prepare("select order_id, state from payments").all() as { order_id: number; state: string }[]).map((row) => [
        row.order_id,
        row.state,
      ]),
    );
    const cardOrders = { captured: 0, voided: 0, unsettled: 0 };
    // By recipient and text ("...order #12 was accepted.", "#12 ran out of time"), not by job: done
    // jobs are deleted after a day, and a message must be counted however it was sent.
    const messagesOf = db.prepare("select count(*) as n from outbox where recipient = ? and body like ?");
    const outcomeMessages = { ordersDecided: 0, withExactlyOne: 0, withNone: 0, withMore: 0 };
    for (const order of orders) {
      const decided = ["ACCEPTED", "REJECTED", "TIMED_OUT"].includes(order.status);
      if (order.payment_type === "CARD" && decided) {
        const want = order.status === "ACCEPTED" ? "CAPTURED" : "VOIDED";
        const state = payments.get(order.id);
        if (state === "CAPTURED" && want === "CAPTURED") cardOrders.captured += 1;
        else if (state === "VOIDED" && want === "VOIDED") cardOrders.voided += 1;
        else {
          cardOrders.unsettled += 1;
          problems.push(`card order ${order.id} ${order.status} has payment ${state}`);
        }
      }
      if (decided) {
        outcomeMessages.ordersDecided += 1;
        const n = (messagesOf.get(order.phone, `%order #${order.daily_number} %`) as { n: number }).n;
        if (n === 1) outcomeMessages.withExactlyOne += 1;
        else if (n === 0) outcomeMessages.withNone += 1;
        else outcomeMessages.withMore += 1;
        if (n !== 1) problems.push(`order ${order.id} ${order.status} has ${n} outcome messages`);
      }
    }
    let decisionsNotKept = 0;
    for (const [orderId, status] of acknowledged.decisions) {
      if (byId.get(orderId)?.status !== status) {
        decisionsNotKept += 1;
        problems.push(`order ${orderId} was answered ${status}, is ${byId.get(orderId)?.status}`);
      }
    }
    const jobCount = (state: string) =>
      (db.prepare("select count(*) as n from jobs where state = ?").get(state) as { n: number }).n;
    const jobs = hasJobsTable(db)
      ? { pending: jobCount("PENDING"), dead: jobCount("DEAD"), done: jobCount("DONE") }
      : null;
    if (jobs !== null && jobs.pending + jobs.dead > 0) {
      problems.push(`jobs left: ${jobs.pending} pending, ${jobs.dead} dead`);
    }
    const integrity = db.pragma("integrity_check", { simple: true }) as string;
    if (integrity !== "ok") problems.push(`integrity_check: ${integrity}`);
    return {
      ordersInDatabase: orders.length,
      acknowledgedOrders: acknowledged.orders.size,
      lostOrders: lost.length,
      duplicatedOrders: duplicated,
      statuses,
      cardOrders,
      outcomeMessages,
      decisionsNotKept,
      jobs,
      integrityCheck: integrity,
      problems,
    };
  } finally {
    db.close();
  }
}

function hasJobsTable(db: SqliteDatabase.Database): boolean {
  return db.prepare("select 1 from sqlite_master where type = 'table' and name = 'jobs'").get() !== undefined;
}

/** Jobs not yet done (read while the server runs: WAL lets a reader in); 0 without a jobs table. */
export function pendingJobs(file: string): number {
  const db = new SqliteDatabase(file, { readonly: true });
  try {
    if (!hasJobsTable(db)) return 0;
    return (db.prepare("select count(*) as n from jobs where state = 'PENDING'").get() as { n: number }).n;
  } finally {
    db.close();
  }
}
