/**
 * The order's comment (spec §3 "an order comment"; §5: emoji and symbols are stripped and the text
 * trimmed, done when the order is built so the guest's typing is never rewritten under the cursor).
 */
import { Trans } from "@lingui/react/macro";
import { useId } from "react";

export const ORDER_COMMENT_MAX = 1000;

export function OrderComment({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="checkout-section account-field">
      <label htmlFor={id} className="checkout-section__title">
        <Trans>Comment for the store</Trans>
      </label>
      <textarea
        id={id}
        className="checkout-comment"
        rows={3}
        maxLength={ORDER_COMMENT_MAX}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
