/** A clock tests move by hand, for the `now` option of buildApp (codes, limits and sessions). */
export interface TestClock {
  now: () => Date;
  advance(ms: number): void;
  set(instant: Date | string): void;
}

export function testClock(start: Date | string = "2026-07-01T09:00:00.000Z"): TestClock {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    advance(ms) {
      current = new Date(current.getTime() + ms);
    },
    set(instant) {
      current = new Date(instant);
    },
  };
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
