/**
 * "Details link" under an order of the store's history: asks the server for a signed link that
 * shows this order without sign-in for 24 hours, e.g. for the kitchen or a colleague's device, and
 * shows it to open or copy.
 */
import { useLingui } from "@lingui/react";
import { Trans } from "@lingui/react/macro";
import { useState } from "react";
import type { OrderDetailsLink } from "../../../../domain/staff-history-api";
import { type ErrorText, errorTextOf, renderErrorText } from "../../../api/error-catalogue";
import { fetchOrderDetailsLink } from "../../../api/staff-history";
import { formatAthensDateTime } from "../../../i18n/athens-date-time";
import { useLanguage } from "../../../i18n/language-store";

type LinkState = { kind: "idle" } | { kind: "loading" } | { kind: "ready"; link: OrderDetailsLink } | ErrorState;
type ErrorState = { kind: "error"; error: ErrorText };

export function OrderLinkButton({ orderId }: { orderId: number }) {
  const { i18n } = useLingui();
  const { ui } = useLanguage();
  const [state, setState] = useState<LinkState>({ kind: "idle" });

  async function mint() {
    setState({ kind: "loading" });
    try {
      setState({ kind: "ready", link: await fetchOrderDetailsLink(orderId) });
    } catch (error) {
      setState({ kind: "error", error: errorTextOf(error) });
    }
  }

  if (state.kind === "ready") {
    const url = new URL(state.link.path, window.location.origin).href;
    const until = formatAthensDateTime(state.link.expiresAt, ui);
    return (
      <p className="staff-history__link">
        <a href={state.link.path} target="_blank" rel="noopener noreferrer">
          {url}
        </a>
        <br />
        <Trans>Works without sign-in until {until}.</Trans>
      </p>
    );
  }
  return (
    <p className="staff-history__link">
      <button type="button" className="button button--quiet" disabled={state.kind === "loading"} onClick={mint}>
        <Trans>Details link</Trans>
      </button>
      {state.kind === "error" && <span role="alert"> {renderErrorText(state.error, (d) => i18n._(d))}</span>}
    </p>
  );
}
