import { Trans } from "@lingui/react/macro";
import type { CSSProperties } from "react";
import { dismissInstallOffer, promptInstall } from "./install-offer";

/**
 * The install offer's card (InstallOffer.tsx decides when it shows): "Keep Κύμα on your home
 * screen", once a first order has reached the store (the app has proved useful), never on
 * arrival: the browser's install sheet where it offers one, the Share > "Add to Home Screen" steps
 * on iOS Safari. "No thanks" hides it for good on this device. A labelled region, not a modal: it
 * never takes the focus from the order's progress.
 *
 * It sits in the page's flow, after the screen's content, never floating over it: the order it
 * follows shows its status, its number and its progress at the top of the cart screen, and a guest
 * reads those first; the offer comes right below them.
 */
export function InstallOfferCard({ offer }: { offer: "prompt" | "ios-hint" }) {
  return (
    <section aria-labelledby="install-offer-heading" style={cardStyle} data-testid="install-offer" data-offer={offer}>
      <h2 id="install-offer-heading" style={{ margin: 0, fontSize: "1rem" }}>
        <Trans>Keep Κύμα on your home screen</Trans>
      </h2>
      <p style={{ margin: 0 }}>
        {offer === "prompt" ? (
          <Trans>Next time your table's menu opens with one tap, even on a weak connection.</Trans>
        ) : (
          <Trans>
            In Safari, tap Share, then “Add to Home Screen”: next time your table's menu opens with one tap.
          </Trans>
        )}
      </p>
      <div style={{ display: "flex", flexWrap: "wrap", gap: "0.5rem" }}>
        {offer === "prompt" && (
          <button type="button" style={buttonStyle} onClick={() => void promptInstall()}>
            <Trans>Install</Trans>
          </button>
        )}
        <button type="button" style={buttonStyle} onClick={dismissInstallOffer}>
          {offer === "prompt" ? <Trans>No thanks</Trans> : <Trans>Got it</Trans>}
        </button>
      </div>
    </section>
  );
}

// Self-contained look (its code loads only when it shows), as wide as the screen's content above.
const cardStyle: CSSProperties = {
  boxSizing: "border-box",
  width: "calc(100% - 2 * var(--space-4) - var(--safe-left) - var(--safe-right))",
  maxWidth: "calc(var(--content-width) - 2 * var(--space-4))",
  margin: "0 auto calc(var(--space-6) + var(--safe-bottom))",
  display: "grid",
  gap: "0.5rem",
  padding: "0.75rem 1rem",
  borderRadius: "0.75rem",
  background: "#f6ecd9",
  color: "#1d2b2c",
  border: "2px solid #0e6b73",
  boxShadow: "0 4px 16px rgb(0 0 0 / 0.2)",
};

const buttonStyle: CSSProperties = {
  minHeight: "2.75rem",
  padding: "0 1rem",
  border: "1px solid #0e6b73",
  borderRadius: "0.5rem",
  background: "#ffffff",
  color: "#0e6b73",
  font: "inherit",
  fontWeight: 600,
};
