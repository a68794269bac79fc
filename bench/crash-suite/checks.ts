/**
 * What the crash suite checks at the end, read straight from the database (the
 * SQLite file, or the PostgreSQL database) once the server stopped: every acknowledged order exists
 * exactly once; every decided order (accepted, rejected, timed out) got exactly one outcome message
 * in the outbox and no job is left pending or dead; an accepted card order's payment is CAPTURED, a
 * rejected or timed-out one's VOIDED; the staff's acknowledged decisions are the orders' statuses;
 * guests' card payments of the table's bill: every acknowledged one exists once, every card
 * authorization of one is either captured with exactly one payment row or voided, no attempt is left
 * half done, and no table holds more payments than its lines; on SQLite, PRAGMA integrity_check is ok.
 */
import SqliteDatabase from "better-sqlite3";
import pg from "pg";

export interface Acknowledged {
  /** Idempotency-Key → the order id its 201 named. */
  orders: Map<string, number>;
  /** Order id → the status a staff decision was answered 200 with. */
  decisions: Map<number, string>;
  /** Idempotency-Key → the payment id a guest's 201 for the bill named. */
  billPayments: Map<string, number>;
}

export interface BillPaymentChecks {
  acknowledged: number;
  inDatabase: number;
  lost: number;
  /** Payments in the database no 201 named, or named by two keys. */
  duplicated: number;
  /** The sandbox's authorizations of bill payments, by their end state. */
  authorizations: { captured: number; voided: number; left: number };
  /** Attempts by state (AUTHORIZING, CAPTURING and VOIDING are half done). */
  attempts: Record<string, number>;
  /** Tables whose payments add up to more than their lines. */
  overpaidTables: number;
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
  /** null: a server without guests' bill payments (an older checkout, run to compare). */
  billPayments: BillPaymentChecks | null;
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
    const billPayments = (await db.hasTable("bill_payment_attempts"))
      ? await checkBillPayments(db, acknowledged.billPayments, problems)
      : null;
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
      billPayments,
      integrityCheck: integrity,
      problems,
    };
  } finally {
    await db.close();
  }
}

/**
 * Never a charge without a payment, nor a payment twice: read through the sandbox provider's own
 * record of the cards (what a real provider would show), each authorization tied to its attempt by
 * the idempotency key the server gave it (`bill-payment-<attempt id>`).
 */
async function checkBillPayments(
  db: SuiteDatabase,
  acknowledged: Map<string, number>,
  problems: string[],
): Promise<BillPaymentChecks> {
  const payments = await db.all<{ id: number; amount_cents: number; tip_cents: number }>(
    "select id, amount_cents, tip_cents from table_opening_payments where guest_user_id is not null",
  );
  const paymentsById = new Map(payments.map((payment) => [payment.id, payment]));
  const ackedIds = [...acknowledged.values()];
  const lost = ackedIds.filter((id) => !paymentsById.has(id));
  if (lost.length > 0) problems.push(`acknowledged bill payments missing: ${lost.join(", ")}`);
  const named = new Set(ackedIds).size;
  // A payment no 201 named was written twice or never answered; one named by two keys, twice.
  const duplicated = payments.length - named + (ackedIds.length - named);
  if (duplicated !== 0) {
    problems.push(
      `${payments.length} guest payments for ${acknowledged.size} acknowledged keys naming ${named} payments`,
    );
  }

  const attempts = await db.all<{ id: number; state: string; payment_id: number | null }>(
    "select id, state, payment_id from bill_payment_attempts",
  );
  const attemptsById = new Map(attempts.map((attempt) => [attempt.id, attempt]));
  const attemptStates: Record<string, number> = {};
  for (const attempt of attempts) {
    attemptStates[attempt.state] = (attemptStates[attempt.state] ?? 0) + 1;
    if (["AUTHORIZING", "CAPTURING", "VOIDING"].includes(attempt.state)) {
      problems.push(`bill payment attempt ${attempt.id} left ${attempt.state}`);
    }
  }

  const authorizations = await db.all<{
    reference: string;
    idempotency_key: string;
    state: string;
    amount_cents: number;
  }>(
    "select reference, idempotency_key, state, amount_cents from sandbox_authorizations where idempotency_key like 'bill-payment-%'",
  );
  const counts = { captured: 0, voided: 0, left: 0 };
  const capturedPerPayment = new Map<number, number>();
  for (const authorization of authorizations) {
    const attempt = attemptsById.get(Number(authorization.idempotency_key.slice("bill-payment-".length)));
    const where = `authorization ${authorization.reference} (attempt ${attempt?.id ?? "missing"})`;
    if (authorization.state === "CAPTURED") {
      counts.captured += 1;
      const payment = attempt?.payment_id == null ? undefined : paymentsById.get(attempt.payment_id);
      if (attempt?.state !== "CAPTURED" || payment === undefined) {
        problems.push(
          `${where} is CAPTURED without its payment (attempt ${attempt?.state}, payment ${attempt?.payment_id})`,
        );
        continue;
      }
      capturedPerPayment.set(payment.id, (capturedPerPayment.get(payment.id) ?? 0) + 1);
      if (authorization.amount_cents !== payment.amount_cents + payment.tip_cents) {
        problems.push(
          `${where} captured ${authorization.amount_cents} for payment ${payment.id} of ${payment.amount_cents} + ${payment.tip_cents}`,
        );
      }
    } else if (authorization.state === "VOIDED") {
      counts.voided += 1;
      if (attempt?.payment_id != null)
        problems.push(`${where} is VOIDED but payment ${attempt.payment_id} was written`);
    } else {
      counts.left += 1;
      problems.push(`${where} left ${authorization.state}`);
    }
  }
  for (const payment of payments) {
    const captured = capturedPerPayment.get(payment.id) ?? 0;
    if (captured !== 1) problems.push(`bill payment ${payment.id} has ${captured} captured card authorizations`);
  }

  // What guests and waiters paid at a table never exceeds its lines (treated and canceled ones are nobody's to pay).
  const overpaid = await db.all<{ opening_id: number; paid: number; lines: number }>(
    `select p.opening_id, p.paid, coalesce(l.lines, 0) as lines
       from (select opening_id, sum(amount_cents) as paid from table_opening_payments group by opening_id) p
       left join (select opening_id, sum(amount_cents) as lines from table_opening_lines
                   where state in ('OPEN', 'PAID') group by opening_id) l on l.opening_id = p.opening_id
      where p.paid > coalesce(l.lines, 0)`,
  );
  for (const table of overpaid) {
    problems.push(`table opening ${table.opening_id}: payments ${table.paid} exceed its lines ${table.lines}`);
  }
  return {
    acknowledged: acknowledged.size,
    inDatabase: payments.length,
    lost: lost.length,
    duplicated,
    authorizations: counts,
    attempts: attemptStates,
    overpaidTables: overpaid.length,
  };
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
  /** Whether the server's schema has this table (an older checkout may not). */
  hasTable(name: string): Promise<boolean>;
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
    hasTable: async (name: string) =>
      db.prepare("select 1 from sqlite_master where type = 'table' and name = ?").get(name) !== undefined,
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
    hasTable: async (name: string) =>
      (await client.query("select to_regclass($1) is not null as found", [name])).rows[0]?.found === true,
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
