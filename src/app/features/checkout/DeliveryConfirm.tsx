/**
 * The confirm prompt before a delivery order goes (spec §5 "delivery details must be in order
 * comments (confirm prompt)"): the guest sees where it will be delivered and confirms, or goes
 * back to fix the details or add what the driver needs to the comment.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import type { DeliveryInfo } from "../../../domain/orders-api";
import { Dialog } from "../shell/Dialog";

interface DeliveryConfirmProps {
  info: DeliveryInfo;
  onConfirm: () => void;
  onCancel: () => void;
}

export function DeliveryConfirm({ info, onConfirm, onCancel }: DeliveryConfirmProps) {
  const { t } = useLingui();
  const { address, area, postalCode, floor, doorbell } = info;
  return (
    <Dialog title={t`Delivery details`} closeLabel={t`Close`} onClose={onCancel}>
      <p>
        <Trans>Your order will be delivered to:</Trans>
      </p>
      <address className="delivery-confirm__address">
        {address}, {area} {postalCode}
        {floor && (
          <>
            <br />
            <Trans>Floor: {floor}</Trans>
          </>
        )}
        {doorbell && (
          <>
            <br />
            <Trans>Doorbell: {doorbell}</Trans>
          </>
        )}
      </address>
      <p>
        <Trans>
          Are these details right? Anything else the driver needs to find you must be written in the order comment.
        </Trans>
      </p>
      <div className="account-actions">
        <button type="button" className="button" data-autofocus onClick={onConfirm}>
          <Trans>Send order</Trans>
        </button>
        <button type="button" className="button button--quiet" onClick={onCancel}>
          <Trans>Edit details</Trans>
        </button>
      </div>
    </Dialog>
  );
}
