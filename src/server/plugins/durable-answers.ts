/**
 * No HTTP answer leaves before the SQLite commits made until then are on disk (ARCHITECTURE.md
 * "The write path"). A request that wrote has already waited for its own commit
 * (db/durable-sqlite.ts); this covers what a request only read: a stored answer replayed, an
 * order's status, committed by another request whose sync is still running. Without a pending
 * commit (always on PostgreSQL) it costs a function call and no promise.
 */
import type { FastifyPluginCallback } from "fastify";
import fp from "fastify-plugin";
import { whenCommitsDurable } from "../db/durable-sqlite";

const durableAnswersPlugin: FastifyPluginCallback = (app, _options, done) => {
  app.addHook("onSend", function holdUntilDurable(_request, _reply, payload, next) {
    const durable = whenCommitsDurable();
    if (durable === null) next(null, payload);
    else durable.then(() => next(null, payload), next);
  });
  done();
};

export const durableAnswers = fp(durableAnswersPlugin, { name: "durable-answers" });
