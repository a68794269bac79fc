/**
 * The staff screen of spec §2 order-change-status: a signed-in waiter or admin sees the store's
 * pending orders and accepts or rejects them (with an optional reason for the guest). The list is
 * read again every 10 seconds and after each action, so what another device decided, or what
 * timed out, leaves the screen. Errors read as the catalogue says (errorText).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useRef, useState } from "react";
import { isPendingStatus } from "../../../domain/order-constants";
import type { OrderDto } from "../../../domain/orders-api";
import { errorTextOf, renderErrorText } from "../../api/error-catalogue";
import { acceptOrder, fetchStaffOrders, rejectOrder } from "../../api/staff-orders";
import { useSession } from "../../session/use-session";
import { EmptyStatePage } from "../shell/EmptyStatePage";
import { usePageTitle } from "../shell/use-page-title";
import { OrderChangeStatusCard } from "./OrderChangeStatusCard";

export const REFRESH_INTERVAL_MS = 10_000;

export function OrderChangeStatusScreen() {
  const { t } = useLingui();
  const session = useSession();
  if (session === undefined) return null;
  const role = session?.user.role;
  if (role !== "WAITER" && role !== "ADMIN") {
    return (
      <EmptyStatePage
        title={t`Order status`}
        art="staff"
        heading={<Trans>For the venue's staff</Trans>}
        body={<Trans>Sign in with your pin on one of the venue's devices to accept or reject orders.</Trans>}
      />
    );
  }
  return <StaffOrdersBoard />;
}

function StaffOrdersBoard() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Order status`);
  const [orders, setOrders] = useState<OrderDto[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busyOrderId, setBusyOrderId] = useState<number | null>(null);
  const [actionError, setActionError] = useState<{ orderId: number; text: string } | null>(null);
  const mounted = useRef(true);
  const translate = useCallback((error: unknown) => renderErrorText(errorTextOf(error), (d) => i18n._(d)), [i18n]);

  const refresh = useCallback(async () => {
    try {
      const answer = await fetchStaffOrders();
      if (!mounted.current) return;
      setOrders(answer.orders.filter((order) => isPendingStatus(order.status)));
      setLoadError(null);
    } catch (error) {
      if (mounted.current) setLoadError(translate(error));
    }
  }, [translate]);

  useEffect(() => {
    mounted.current = true;
    void refresh();
    const timer = setInterval(() => void refresh(), REFRESH_INTERVAL_MS);
    return () => {
      mounted.current = false;
      clearInterval(timer);
    };
  }, [refresh]);

  const act = async (orderId: number, work: () => Promise<unknown>) => {
    setBusyOrderId(orderId);
    setActionError(null);
    try {
      await work();
    } catch (error) {
      if (mounted.current) setActionError({ orderId, text: translate(error) });
    } finally {
      if (mounted.current) setBusyOrderId(null);
      await refresh();
    }
  };

  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        <Trans>Pending orders</Trans>
      </h1>
      {loadError !== null && <p role="alert">{loadError}</p>}
      {/* An order refused because it was decided elsewhere or timed out has left the list: say why here. */}
      {actionError !== null && !orders?.some((order) => order.id === actionError.orderId) && (
        <p role="alert">{actionError.text}</p>
      )}
      {orders === null && loadError === null && (
        <p>
          <Trans>Loading orders…</Trans>
        </p>
      )}
      {orders !== null && orders.length === 0 && (
        <p>
          <Trans>No pending orders right now.</Trans>
        </p>
      )}
      {orders?.map((order) => (
        <OrderChangeStatusCard
          key={order.id}
          order={order}
          busy={busyOrderId === order.id}
          error={actionError?.orderId === order.id ? actionError.text : null}
          onAccept={() => void act(order.id, () => acceptOrder(order.id))}
          onReject={(reason) => void act(order.id, () => rejectOrder(order.id, reason))}
        />
      ))}
    </section>
  );
}
