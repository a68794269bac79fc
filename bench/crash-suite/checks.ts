/**
 * What the crash suite checks at the end, read straight from the database (the
 * SQLite file, or the PostgreSQL database) once the server stopped: every acknowledged order exists
 * exactly once; every decided order (accepted, rejected, timed out) got exactly one outcome message
 * in the outbox and no job is left pending or dead; an accepted card order's payment is CAPTURED, a
 * rejected or timed-out one's VOIDED; the staff's acknowledged decisions are the orders' statuses;
 * on SQLite, PRAGMA integrity_check is ok.
 */
import SqliteDatabase from "better-sqlite3";
import pg from "pg";

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
  /** null: a server without the jobs table (an older checkout, run to compare). */
  jobs: { pending: number; dead: number; done: number } | null;
  integrityCheck: string;
  problems: string[];
}

export async function checkDatabase(db: SuiteDatabase, acknowledged: Acknowledged): Promise<CheckResult> {
  try {
    const problems: string[] = [];
    const orders = await db.all<{
      id: number;
      status: string;
      payment_type: string;
      daily_number: number;
      phone: string;
    }>(
      "select orders.id, status, payment_type, daily_number, users.phone from orders join users on users.id = orders.user_id",
    );
    const byId = new Map(orders.map((order) => [order.id, order]));
    const ackedIds = [...acknowledged.orders.values()];
    const lost = ackedIds.filter((id) => !byId.has(id));
    // One order per key: the stored answers name each order once, and no order lacks its key.
    const keysPerOrder = await db.all<{ order_id: number; n: number }>(
      "select order_id, count(*) as n from order_requests where order_id is not null group by order_id",
    );
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
      (await db.all<{ order_id: number; state: string }>("select order_id, state from payments")).map((row) => [
        row.order_id,
        row.state,
      ]),
    );
    const cardOrders = { captured: 0, voided: 0, unsettled: 0 };
    // By recipient and text ("...order #12 was accepted.", "#12 ran out of time"), not by job: done
    // jobs are deleted after a day, and a message must be counted however it was sent.
    const messagesOf = (phone: string, pattern: string) =>
      countOf(db, "select count(*) as n from outbox where recipient = ? and body like ?", [phone, pattern]);
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
        const n = await messagesOf(order.phone, `%order #${order.daily_number} %`);
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
    const jobCount = (state: string) => countOf(db, "select count(*) as n from jobs where state = ?", [state]);
    const jobs = (await db.hasJobsTable())
      ? { pending: await jobCount("PENDING"), dead: await jobCount("DEAD"), done: await jobCount("DONE") }
      : null;
    if (jobs !== null && jobs.pending + jobs.dead > 0) {
      problems.push(`jobs left: ${jobs.pending} pending, ${jobs.dead} dead`);
    }
    const integrity = await db.integrityCheck();
    if (integrity !== "ok" && integrity !== NO_INTEGRITY_CHECK) problems.push(`integrity_check: ${integrity}`);
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
    await db.close();
  }
}

/** What PostgreSQL answers for the integrity check: it has no whole-database one like SQLite's. */
const NO_INTEGRITY_CHECK = "n/a (PostgreSQL)";

/**
 * The suite's reads, in SQL both databases take (`?` placeholders; counts and ids as numbers).
 * `checkDatabase` and `pendingJobs` close the one they are given: open one for each call.
 */
export interface SuiteDatabase {
  all<Row>(sql: string, params?: unknown[]): Promise<Row[]>;
  /** false: a server without the jobs table (an older checkout, run to compare). */
  hasJobsTable(): Promise<boolean>;
  integrityCheck(): Promise<string>;
  close(): Promise<void>;
}

/** The SQLite file, read-only (WAL lets it in while the server runs). */
export function openSqlite(file: string): SuiteDatabase {
  const db = new SqliteDatabase(file, { readonly: true });
  return {
    all: async <Row>(sql: string, params: unknown[] = []) => db.prepare(sql).all(...params) as Row[],
    hasJobsTable: async () =>
      db.prepare("select 1 from sqlite_master where type = 'table' and name = 'jobs'").get() !== undefined,
    integrityCheck: async () => db.pragma("integrity_check", { simple: true }) as string,
    close: async () => {
      db.close();
    },
  };
}

/** PostgreSQL types that node-postgres hands over as strings: bigint (counts, ids) and numeric. */
const NUMBER_TYPE_IDS = new Set([20, 1700]);

export async function openPostgres(url: string): Promise<SuiteDatabase> {
  const client = new pg.Client({
    connectionString: url,
    types: {
      getTypeParser: ((id: number, format?: "text" | "binary") =>
        NUMBER_TYPE_IDS.has(id) ? Number : pg.types.getTypeParser(id, format)) as typeof pg.types.getTypeParser,
    },
  });
  await client.connect();
  return {
    all: async <Row>(sql: string, params: unknown[] = []) => {
      let index = 0;
      const numbered = sql.replace(/\?/g, () => `$${++index}`);
      return (await client.query(numbered, params)).rows as Row[];
    },
    hasJobsTable: async () => true,
    integrityCheck: async () => NO_INTEGRITY_CHECK,
    close: () => client.end(),
  };
}

/** The `n` of a `select count(*) as n ...`. */
async function countOf(db: SuiteDatabase, sql: string, params: unknown[] = []): Promise<number> {
  return (await db.all<{ n: number }>(sql, params))[0]?.n ?? 0;
}

/** Jobs not yet done (read while the server runs); 0 without a jobs table. */
export async function pendingJobs(db: SuiteDatabase): Promise<number> {
  try {
    if (!(await db.hasJobsTable())) return 0;
    return await countOf(db, "select count(*) as n from jobs where state = 'PENDING'");
  } finally {
    await db.close();
  }
}
