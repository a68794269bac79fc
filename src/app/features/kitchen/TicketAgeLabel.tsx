/**
 * How long a ticket has waited and how late that is (domain/kitchen.ts thresholds): a colour, and
 * always an icon and a word with it, so a cook who does not tell red from green, or reads the
 * display from across the pass, still sees which ticket is late.
 */
import { Plural, Trans } from "@lingui/react/macro";
import type { TicketAge } from "../../../domain/kitchen";

export function TicketAgeLabel({ age, minutes }: { age: TicketAge; minutes: number }) {
  return (
    <p className={`ticket-age ticket-age--${age}`}>
      <AgeIcon age={age} />
      <span className="ticket-age__word">
        <AgeWord age={age} />
      </span>
      <span className="ticket-age__minutes">
        <Plural value={minutes} one="# min" other="# min" />
      </span>
    </p>
  );
}

function AgeWord({ age }: { age: TicketAge }) {
  switch (age) {
    case "fresh":
      return <Trans>On time</Trans>;
    case "late":
      return <Trans>Late</Trans>;
    case "overdue":
      return <Trans>Overdue</Trans>;
  }
}

/** A clock when on time, a warning triangle when late, an exclamation in an octagon when overdue. */
const AGE_ICON_PATHS: Record<TicketAge, string> = {
  fresh: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7v5l3 2",
  late: "M12 3 2 20h20zM12 9v5M12 17v.5",
  overdue: "M8 2h8l6 6v8l-6 6H8l-6-6V8zM12 7v6M12 16.5v.5",
};

function AgeIcon({ age }: { age: TicketAge }) {
  return (
    <svg className="ticket-age__icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path
        d={AGE_ICON_PATHS[age]}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
