/**
 * Small marks the order screens share: "Request" where a no-charge request (towels, a pillow)
 * stands instead of a price, on the menu, the item, the cart and the staff's orders; and "Member"
 * on an order that member (all-inclusive) prices applied to, on the PDA card and the store history.
 */
import { Trans } from "@lingui/react/macro";
import "./order-marks.css";

export function RequestMark() {
  return (
    <span className="order-mark order-mark--request">
      <Trans>Request</Trans>
    </span>
  );
}

export function MemberMark() {
  return (
    <span className="order-mark order-mark--member">
      <Trans>Member</Trans>
    </span>
  );
}
