/**
 * The bill screen (/menu/:tableId/bill): a signed-in guest at a spot sees what its table owes,
 * live, and pays from the phone or asks the waiter. States: loading; not signed in (the sign-in
 * dialog); refused (not at this table...); NONE (nothing to pay yet); OPEN; SETTLED. Offline it
 * shows the last bill this device read, "as of" its time, and offers no payment.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import type { BillPaymentAnswer, GuestPaymentReceipt } from "../../../domain/bill-api";
import { pickTranslation } from "../../../domain/languages";
import { NETWORK_ERROR } from "../../api/api-error";
import { errorText, errorTextOf } from "../../api/error-catalogue";
import { formatAthensTime } from "../../i18n/athens-date-time";
import { useLanguage } from "../../i18n/language-store";
import { useSession } from "../../session/use-session";
import { openEntrance } from "../entrance/entrance-store";
import { TitledPage } from "../shell/TitledPage";
import { BillLines, BillPayments, BillTotals } from "./BillDetails";
import { ErrorLine } from "./ErrorLine";
import { PaymentReceipt } from "./PaymentReceipt";
import { PayPanel } from "./PayPanel";
import { useBill } from "./use-bill";
import { WaiterCallButton } from "./WaiterCallButton";
import "./bill.css";

export function BillScreen({ tableId }: { tableId: number }) {
  const { t } = useLingui();
  const language = useLanguage();
  const session = useSession();
  const guest = session?.user ?? null;
  const state = useBill(tableId, guest?.id ?? null);
  const [receipt, setReceipt] = useState<GuestPaymentReceipt | null>(null);
  const title = t`The bill`;

  if (session === undefined || (session !== null && state.loading)) {
    return (
      <TitledPage title={title} className="bill" busy>
        <p role="status" className="bill-hint">
          <Trans>Loading the bill…</Trans>
        </p>
      </TitledPage>
    );
  }

  if (session === null || state.signedOut) {
    return (
      <TitledPage title={title} className="bill">
        <div className="empty-state card">
          <h2 className="empty-state__heading">
            <Trans>Sign in to see the bill</Trans>
          </h2>
          <p className="empty-state__body">
            <Trans>Sign in with the phone number you ordered with to see and pay your table's bill.</Trans>
          </p>
          <div className="empty-state__actions">
            <button type="button" className="button" onClick={() => openEntrance()}>
              <Trans>Sign in</Trans>
            </button>
          </div>
        </div>
      </TitledPage>
    );
  }

  const { bill } = state;
  if (bill === null) {
    return (
      <TitledPage title={title} className="bill">
        <div className="card bill-refused">
          {/* No error but no bill: no answer yet, and nothing kept on this device. */}
          <ErrorLine text={state.error ? errorTextOf(state.error) : errorText({ code: NETWORK_ERROR, message: "" })} />
          <div className="empty-state__actions">
            <button type="button" className="button" onClick={() => void state.reload()}>
              <Trans>Try again</Trans>
            </button>
            <Link to="/menu/$tableId" params={{ tableId }} className="button button--quiet">
              <Trans>Back to the menu</Trans>
            </Link>
          </div>
        </div>
      </TitledPage>
    );
  }

  const spot = pickTranslation(bill.spotNames, language.ui, language.extra).name;
  const onPaid = (answer: BillPaymentAnswer) => {
    state.accept(answer.bill);
    setReceipt(answer.payment);
  };

  return (
    <TitledPage title={title} className="bill">
      <p className="bill-spot">{spot}</p>
      {state.offline && (
        <p className="bill-notice" role="status" data-testid="bill-as-of">
          <Trans>No connection: the bill as of {formatAthensTime(bill.readAt, language.ui)}.</Trans>
        </p>
      )}
      {receipt !== null && (
        <PaymentReceipt
          tableId={tableId}
          receipt={receipt}
          language={language}
          email={guest?.email ?? null}
          onClose={() => setReceipt(null)}
        />
      )}
      {bill.status === "NONE" ? (
        <div className="empty-state card" data-testid="bill-none">
          <h2 className="empty-state__heading">
            <Trans>Nothing to pay yet</Trans>
          </h2>
          <p className="empty-state__body">
            <Trans>Your table's orders show here once the store has accepted them.</Trans>
          </p>
        </div>
      ) : (
        <section className="card bill-summary" aria-label={t`The table's bill`}>
          {bill.status === "SETTLED" && (
            <p className="bill-settled" data-testid="bill-settled">
              <Trans>Settled, thank you!</Trans>
            </p>
          )}
          <BillLines bill={bill} language={language} />
          <BillTotals bill={bill} language={language} />
        </section>
      )}
      <BillPayments payments={bill.payments} language={language} />
      {bill.status === "OPEN" && bill.owedCents > 0 && (
        <PayPanel
          tableId={tableId}
          bill={bill}
          language={language}
          disabled={state.stale}
          offline={state.offline}
          onPaid={onPaid}
          onRefused={() => void state.reload()}
        />
      )}
      {bill.status !== "SETTLED" && (
        <div className="bill-call">
          <WaiterCallButton tableId={tableId} kind="CALL" disabled={state.stale} className="button button--quiet">
            <Trans>Call the waiter</Trans>
          </WaiterCallButton>
        </div>
      )}
      <p className="bill-back">
        <Link to="/menu/$tableId" params={{ tableId }}>
          <Trans>Back to the menu</Trans>
        </Link>
      </p>
    </TitledPage>
  );
}
