/**
 * Group commit: nothing committed is answered before a sync that started after
 * its commit has finished; commits made while a sync runs share the next one; a failed sync fails
 * every wait from then on. The disk is the edge: a sync here is a promise the test settles.
 */
import { describe, expect, it } from "vitest";
import { DurabilityBarrier } from "./durability-barrier";

/** A fake disk whose syncs finish when the test says so. */
function controlledDisk() {
  const pending: { resolve: () => void; reject: (error: Error) => void }[] = [];
  return {
    sync: () => new Promise<void>((resolve, reject) => pending.push({ resolve, reject })),
    pending,
    finishNext(): void {
      pending.shift()?.resolve();
    },
    failNext(): void {
      pending.shift()?.reject(new Error("EIO"));
    },
  };
}

/** Lets settled promises run their callbacks. */
const flush = () => new Promise((resolve) => setImmediate(resolve));

describe("DurabilityBarrier (each request answered only after its commit is durable)", () => {
  it("with no commit pending, a wait costs no sync", async () => {
    const disk = controlledDisk();
    const barrier = new DurabilityBarrier(disk.sync);
    await barrier.durable();
    expect(barrier.syncs).toBe(0);
  });

  it("a commit waits for a sync; a commit made while that sync runs waits for the next one", async () => {
    const disk = controlledDisk();
    const barrier = new DurabilityBarrier(disk.sync);
    const done: string[] = [];
    barrier.committed();
    const first = barrier.durable().then(() => done.push("first"));
    await flush();
    expect(disk.pending).toHaveLength(1);
    barrier.committed(); // its bytes may have missed the running sync
    const second = barrier.durable().then(() => done.push("second"));
    disk.finishNext();
    await first;
    await flush();
    expect(done).toEqual(["first"]);
    expect(disk.pending).toHaveLength(1); // a second sync, started after the second commit
    disk.finishNext();
    await second;
    expect(done).toEqual(["first", "second"]);
  });

  it("the commits made during one sync share the next (group commit): 50 commits, 2 syncs", async () => {
    const disk = controlledDisk();
    const barrier = new DurabilityBarrier(disk.sync);
    barrier.committed();
    const waits = [barrier.durable()];
    await flush();
    for (let i = 0; i < 49; i++) {
      barrier.committed();
      waits.push(barrier.durable());
    }
    disk.finishNext();
    await flush();
    disk.finishNext();
    await Promise.all(waits);
    expect(barrier.syncs).toBe(2);
  });

  it("a reader that comes after a commit also waits for it (nothing is shown before it is durable)", async () => {
    const disk = controlledDisk();
    const barrier = new DurabilityBarrier(disk.sync);
    barrier.committed();
    let readerDone = false;
    const reader = barrier.durable().then(() => {
      readerDone = true;
    });
    await flush();
    expect(readerDone).toBe(false);
    disk.finishNext();
    await reader;
    expect(readerDone).toBe(true);
  });

  it("a failed sync fails its waiters and every later wait (a later sync would prove nothing)", async () => {
    const disk = controlledDisk();
    const barrier = new DurabilityBarrier(disk.sync);
    barrier.committed();
    const wait = barrier.durable();
    await flush();
    disk.failNext();
    await expect(wait).rejects.toThrow(/restart the server/);
    barrier.committed();
    await expect(barrier.durable()).rejects.toThrow(/restart the server/);
    expect(barrier.syncs).toBe(1);
  });

  it("a batch's COMMIT still to run (commitComing) is waited for first, then a sync after it; a failed one fails only its waiters", async () => {
    const disk = controlledDisk();
    const barrier = new DurabilityBarrier(disk.sync);
    let commit = () => {};
    barrier.commitComing(
      new Promise<void>((resolve) => {
        commit = resolve;
      }),
    );
    expect(barrier.pending).toBe(true); // a reader's answer waits for the batch too
    let durable = false;
    const wait = barrier.durable().then(() => {
      durable = true;
    });
    await flush();
    expect(disk.pending).toHaveLength(0); // no sync before the COMMIT: it would not cover the batch
    barrier.committed();
    commit();
    await flush();
    expect(disk.pending).toHaveLength(1);
    expect(durable).toBe(false);
    disk.finishNext();
    await wait;
    expect(barrier.pending).toBe(false);

    barrier.commitComing(Promise.reject(new Error("the batch's COMMIT failed")));
    await expect(barrier.durable()).rejects.toThrow(/COMMIT failed/);
    expect(barrier.pending).toBe(false);
    await barrier.durable(); // nothing pending, and the barrier is not poisoned by a failed COMMIT
  });

  it("syncEnded settles when the running sync ends, at once when none runs (the batch commits then)", async () => {
    const disk = controlledDisk();
    const barrier = new DurabilityBarrier(disk.sync);
    await barrier.syncEnded;
    barrier.committed();
    const wait = barrier.durable();
    await flush();
    let ended = false;
    const ending = barrier.syncEnded.then(() => {
      ended = true;
    });
    await flush();
    expect(ended).toBe(false);
    disk.finishNext();
    await Promise.all([wait, ending]);
    expect(ended).toBe(true);
  });
});
