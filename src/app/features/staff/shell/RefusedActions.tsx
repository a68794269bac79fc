/**
 * The waiter's actions the server refused after they had waited for the connection (action-outbox.ts):
 * shown on every staff screen until someone taps "Seen", whoever holds the PDA by then. A payment
 * queued offline and refused later (the table changed meanwhile) is money that was taken and not
 * recorded: it must be said where the waiter is, not only on that table's screen.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useLiveQuery } from "dexie-react-hooks";
import { useLanguage } from "../../../i18n/language-store";
import { describeAction } from "../openings/action-description";
import { dismissRefusedStaffAction, refusedStaffActions } from "../openings/action-outbox";
import { openingErrorText } from "../openings/opening-errors";

export function RefusedActions() {
  const { i18n } = useLingui();
  const { ui } = useLanguage();
  const refused = useLiveQuery(refusedStaffActions, []);
  if (refused === undefined || refused.length === 0) return null;
  return (
    <section className="staff-refused" role="alert">
      <ul>
        {refused.map(({ row, error }) => (
          <li key={row.idempotencyKey} className="staff-refused__item">
            <p>
              <strong>
                <Trans>Not recorded: {describeAction(row, i18n)}.</Trans>
              </strong>{" "}
              {openingErrorText(error, i18n, ui)}
            </p>
            <button
              type="button"
              className="button button--quiet"
              onClick={() => void dismissRefusedStaffAction(row.idempotencyKey)}
            >
              <Trans>Seen</Trans>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
