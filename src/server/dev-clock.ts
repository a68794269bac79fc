/**
 * The server's clock when DEV_CLOCK_API=on: real time shifted by an offset that PUT /api/dev/clock
 * sets, so end-to-end tests and demos can order inside a service's hours at any hour of the day.
 * The shifted clock keeps running (the offset is fixed, not the instant), so timeouts still elapse.
 */
export class AdjustableClock {
  #offsetMs = 0;

  readonly now = (): Date => new Date(Date.now() + this.#offsetMs);

  set(instant: Date): void {
    this.#offsetMs = instant.getTime() - Date.now();
  }
}
