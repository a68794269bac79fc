/**
 * An order opened from its details link (spec §2 view-order-details): read-only, no sign-in; the
 * link's token is the permission. Any link the server does not honour (wrong, expired, tampered,
 * another order's) gets one refusal that says no more than that.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useState } from "react";
import { pickTranslation } from "../../../../domain/languages";
import type { StaffOrderDto } from "../../../../domain/staff-history-api";
import { ApiError } from "../../../api/api-error";
import { type ErrorText, errorTextOf, renderErrorText } from "../../../api/error-catalogue";
import { fetchOrderByLink } from "../../../api/staff-history";
import { useLanguage } from "../../../i18n/language-store";
import { ErrorWithRetry } from "../../history/ErrorWithRetry";
import { EmptyStatePage } from "../../shell/EmptyStatePage";
import { TitledPage } from "../../shell/TitledPage";
import { StaffOrderDetails } from "./StaffOrderDetails";

interface OrderByLinkScreenProps {
  orderId: number;
  storeId: number;
  token: string;
}

type LinkState =
  | { kind: "loading" }
  | { kind: "refused"; error: ErrorText }
  | { kind: "error"; error: ErrorText }
  | { kind: "ready"; order: StaffOrderDto };

/** The server's one answer for a link it does not honour. */
const INVALID_ORDER_LINK = "INVALID_ORDER_LINK";

export function OrderByLinkScreen({ orderId, storeId, token }: OrderByLinkScreenProps) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const [state, setState] = useState<LinkState>({ kind: "loading" });

  const load = useCallback(async () => {
    setState({ kind: "loading" });
    try {
      setState({ kind: "ready", order: await fetchOrderByLink(storeId, orderId, token) });
    } catch (error) {
      const refused = error instanceof ApiError && (error.code === INVALID_ORDER_LINK || error.status === 404);
      setState({ kind: refused ? "refused" : "error", error: errorTextOf(error) });
    }
  }, [orderId, storeId, token]);

  useEffect(() => {
    void load();
  }, [load]);

  if (state.kind === "refused") {
    return (
      <EmptyStatePage
        title={t`Order details`}
        art="receipt"
        heading={<Trans>This link does not open an order</Trans>}
        body={renderErrorText(state.error, (descriptor) => i18n._(descriptor))}
      />
    );
  }
  const title =
    state.kind === "ready"
      ? t`Order #${state.order.dailyNumber} · ${pickTranslation(state.order.storeNames, language.ui).name}`
      : t`Order details`;
  return (
    <TitledPage title={title}>
      {state.kind === "loading" && (
        <p aria-busy="true" role="status">
          <Trans>Loading the order…</Trans>
        </p>
      )}
      {state.kind === "error" && (
        <ErrorWithRetry error={state.error} onRetry={() => void load()}>
          <Trans>The order could not be loaded.</Trans>
        </ErrorWithRetry>
      )}
      {state.kind === "ready" && (
        <div className="card staff-history__panel staff-history__panel--alone">
          <StaffOrderDetails order={state.order} language={language} />
        </div>
      )}
    </TitledPage>
  );
}
