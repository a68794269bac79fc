/**
 * What PostgreSQL itself did during a placement run (where the time goes on PostgreSQL),
 * as differences between two snapshots of its own counters: commits, WAL flushes (pg_stat_wal),
 * statements and their execution time (pg_stat_statements, when the server preloads it:
 * `WITH_POSTGRES_OPTIONS="-c shared_preload_libraries=pg_stat_statements"` for scripts/with-postgres.sh),
 * and the CPU time of the server's processes (its postmaster's children, from /proc: the bench runs
 * on the same machine). Divided by the orders placed, these are per-order figures that include the
 * job worker's share.
 */
import { readdirSync, readFileSync } from "node:fs";
import pg from "pg";

export interface PostgresSnapshot {
  commits: number;
  walSyncs: number;
  walWrites: number;
  walRecords: number;
  statements: number | null;
  statementMs: number | null;
  cpuMs: number | null;
}

/** The same counters, per order placed. */
export interface PostgresPerOrder extends PostgresSnapshot {
  topStatements?: { calls: number; perOrder: number; meanMs: number; query: string }[];
}

/** Clock ticks per second of /proc's utime and stime (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

export class PostgresStats {
  readonly #client: pg.Client;
  #statementsReady = false;
  #postmasterPid: number | null = null;

  private constructor(url: string) {
    this.#client = new pg.Client({ connectionString: url });
  }

  static async open(url: string): Promise<PostgresStats> {
    const stats = new PostgresStats(url);
    await stats.#client.connect();
    try {
      await stats.#client.query("create extension if not exists pg_stat_statements");
      await stats.#client.query("select pg_stat_statements_reset()");
      stats.#statementsReady = true;
    } catch {
      // Not preloaded: no statement counts, the rest still works.
    }
    const checkpointer = await stats.#client.query<{ pid: number }>(
      "select pid from pg_stat_activity where backend_type = 'checkpointer'",
    );
    const pid = checkpointer.rows[0]?.pid;
    if (pid !== undefined) stats.#postmasterPid = parentOf(pid);
    return stats;
  }

  async snapshot(): Promise<PostgresSnapshot> {
    const database = await this.#client.query<{ commits: string }>(
      "select xact_commit as commits from pg_stat_database where datname = current_database()",
    );
    const wal = await this.#client.query<{ wal_sync: string; wal_write: string; wal_records: string }>(
      "select wal_sync, wal_write, wal_records from pg_stat_wal",
    );
    let statements: number | null = null;
    let statementMs: number | null = null;
    if (this.#statementsReady) {
      const totals = await this.#client.query<{ calls: string; ms: number }>(
        "select coalesce(sum(calls), 0) as calls, coalesce(sum(total_exec_time), 0) as ms from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())",
      );
      statements = Number(totals.rows[0]?.calls ?? 0);
      statementMs = Number(totals.rows[0]?.ms ?? 0);
    }
    return {
      commits: Number(database.rows[0]?.commits ?? 0),
      walSyncs: Number(wal.rows[0]?.wal_sync ?? 0),
      walWrites: Number(wal.rows[0]?.wal_write ?? 0),
      walRecords: Number(wal.rows[0]?.wal_records ?? 0),
      statements,
      statementMs,
      cpuMs: this.#postmasterPid === null ? null : cpuMsOfTree(this.#postmasterPid),
    };
  }

  /** The run's figures per order; the bench's own snapshot queries are a handful against thousands. */
  async perOrder(before: PostgresSnapshot, after: PostgresSnapshot, orders: number): Promise<PostgresPerOrder> {
    const per = (a: number | null, b: number | null, digits = 2) =>
      a === null || b === null ? null : round((b - a) / Math.max(1, orders), digits);
    const result: PostgresPerOrder = {
      commits: per(before.commits, after.commits) ?? 0,
      walSyncs: per(before.walSyncs, after.walSyncs) ?? 0,
      walWrites: per(before.walWrites, after.walWrites) ?? 0,
      walRecords: per(before.walRecords, after.walRecords) ?? 0,
      statements: per(before.statements, after.statements),
      statementMs: per(before.statementMs, after.statementMs, 3),
      cpuMs: per(before.cpuMs, after.cpuMs),
    };
    if (this.#statementsReady) {
      const top = await this.#client.query<{ calls: string; mean: number; query: string }>(
        "select calls, mean_exec_time as mean, query from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database()) order by calls desc limit 30",
      );
      result.topStatements = top.rows.map((row) => ({
        calls: Number(row.calls),
        perOrder: round(Number(row.calls) / Math.max(1, orders), 2),
        meanMs: round(row.mean, 3),
        query: row.query.replace(/\s+/g, " ").slice(0, 160),
      }));
      await this.#client.query("select pg_stat_statements_reset()");
    }
    return result;
  }

  async close(): Promise<void> {
    await this.#client.end();
  }
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

/** Fields of /proc/PID/stat after the command name (which may hold spaces): index 0 is field 3. */
function statFields(pid: number): string[] | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    return text.slice(text.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null;
  }
}

function parentOf(pid: number): number | null {
  const fields = statFields(pid);
  return fields === null ? null : Number(fields[1]);
}

/** CPU (user + system) of the postmaster and its children, in ms. */
function cpuMsOfTree(postmaster: number): number {
  let ticks = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    const fields = statFields(pid);
    if (fields === null) continue;
    if (pid !== postmaster && Number(fields[1]) !== postmaster) continue;
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}
