/**
 * The cart's price breakdown before checkout (spec §9 cart total, happy hour, room-service charge;
 * §3 delivery discount; §5 minimum order value), computed by src/domain/prices.ts.
 */
import { Trans } from "@lingui/react/macro";
import type { ServiceDto } from "../../../domain/api";
import type { UiLanguage } from "../../../domain/languages";
import type { PriceBreakdown } from "../../../domain/prices";
import type { SpotKind } from "../../../domain/spots";
import { formatPrice } from "../../i18n/money";

interface CartTotalsProps {
  breakdown: PriceBreakdown;
  service: ServiceDto;
  spotKind: SpotKind;
  happyHourDiscount: number;
  language: UiLanguage;
}

export function CartTotals({ breakdown, service, spotKind, happyHourDiscount, language }: CartTotalsProps) {
  const price = (cents: number) => formatPrice(cents, language);
  const subtotal = price(breakdown.subtotalCents);
  const savings = price(breakdown.happyHourSavingsCents);
  const roomPercent = service.roomServiceChargePercentage;
  const roomCharge = price(breakdown.roomChargeCents);
  const discount = service.deliveryDiscount;
  const discountPercent = discount?.discountPercentage ?? 0;
  const discountFrom = price(discount?.minimumPriceForDeliveryDiscountCents ?? 0);
  const deliveryDiscount = price(breakdown.deliveryDiscountCents);
  const minimum = price(breakdown.minimumOrderCents);
  const missing = price(Math.max(0, breakdown.minimumOrderCents - breakdown.subtotalCents));
  const total = price(breakdown.totalCents);

  return (
    <section className="cart-totals card" aria-labelledby="cart-totals-title">
      <h2 id="cart-totals-title" className="visually-hidden">
        <Trans>Total</Trans>
      </h2>
      <dl>
        <div className="cart-totals__row">
          <dt>
            <Trans>Subtotal</Trans>
          </dt>
          <dd>{subtotal}</dd>
        </div>
        {breakdown.happyHourSavingsCents > 0 && (
          <div className="cart-totals__row cart-totals__row--note">
            <dt>
              <Trans>Happy hour −{happyHourDiscount}%</Trans>
            </dt>
            <dd>
              <Trans>you save {savings}</Trans>
            </dd>
          </div>
        )}
        {spotKind === "room" && roomPercent > 0 && (
          <div className="cart-totals__row">
            <dt>
              <Trans>Room service charge {roomPercent}%</Trans>
            </dt>
            <dd>+{roomCharge}</dd>
          </div>
        )}
        {breakdown.deliveryDiscountCents > 0 && (
          <div className="cart-totals__row">
            <dt>
              <Trans>Delivery discount {discountPercent}%</Trans>
            </dt>
            <dd>−{deliveryDiscount}</dd>
          </div>
        )}
        <div className="cart-totals__row cart-totals__row--total">
          <dt>
            <Trans>Total</Trans>
          </dt>
          <dd>{total}</dd>
        </div>
      </dl>
      {spotKind === "delivery" && discount !== null && breakdown.deliveryDiscountCents === 0 && (
        <p className="cart-totals__hint">
          <Trans>
            Orders from {discountFrom} get {discountPercent}% off.
          </Trans>
        </p>
      )}
      {!breakdown.minimumOrderReached && (
        <p className="cart-totals__hint cart-totals__hint--warning">
          <Trans>
            The minimum order is {minimum}: add {missing} more to send it.
          </Trans>
        </p>
      )}
    </section>
  );
}
