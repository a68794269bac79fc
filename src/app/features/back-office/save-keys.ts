/**
 * The Idempotency-Key of each kind of save, kept while its answer is unknown: the retry of the same
 * save (same body) goes with the same key, so the server answers with what it stored instead of
 * applying it twice; a different body is a new save with a new key. A definite answer (done or
 * refused) forgets the key.
 */
export class SaveKeys {
  private readonly pending = new Map<string, { body: string; key: string }>();

  keyFor(kind: string, body: unknown): string {
    const text = JSON.stringify(body);
    const kept = this.pending.get(kind);
    if (kept !== undefined && kept.body === text) return kept.key;
    const key = crypto.randomUUID();
    this.pending.set(kind, { body: text, key });
    return key;
  }

  forget(kind: string): void {
    this.pending.delete(kind);
  }
}
