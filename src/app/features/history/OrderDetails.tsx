/**
 * The expandable part of a history entry: the lines with their options, weight, rental dates and comment, the
 * totals as the server priced them, the payment and the order comment.
 */
import { Trans } from "@lingui/react/macro";
import { cardBrandName } from "../../../domain/cards";
import type { LanguageState } from "../../../domain/language-choice";
import { pickTranslation } from "../../../domain/languages";
import type { OrderDto } from "../../../domain/orders-api";
import { formatPrice } from "../../i18n/money";
import { formatKilos } from "../../i18n/weight";
import { RentalDatesText } from "../cart/RentalDatesText";
import { RequestMark } from "../shell/OrderMarks";

export function OrderDetails({ order, language }: { order: OrderDto; language: LanguageState }) {
  const name = (names: Parameters<typeof pickTranslation>[0]) =>
    pickTranslation(names, language.ui, language.extra).name;
  const price = (cents: number) => formatPrice(cents, language.ui);
  const { totals } = order;
  return (
    <div className="order-details">
      <ul className="order-details__lines">
        {order.lines.map((line, index) => {
          const kilos = line.kilos === null ? null : formatKilos(line.kilos, language.ui);
          const itemName = name(line.names);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id; an order's lines never move
            <li key={index} className="order-details__line">
              <span className="order-details__item">
                {kilos === null ? (
                  `${line.quantity} × ${itemName}`
                ) : (
                  <Trans>
                    {kilos} kg {itemName}
                  </Trans>
                )}
              </span>
              <span className="order-details__amount">
                {line.request === true ? <RequestMark /> : price(line.totalCents)}
              </span>
              {line.options.length > 0 && (
                <span className="order-details__note">
                  {line.options.map((option) => name(option.names)).join(", ")}
                </span>
              )}
              {line.rental !== undefined && (
                <RentalDatesText
                  rental={line.rental}
                  unit={line.rental.unit}
                  language={language.ui}
                  className="order-details__note"
                />
              )}
              {line.comment && <span className="order-details__note">“{line.comment}”</span>}
            </li>
          );
        })}
      </ul>
      <dl className="order-details__totals">
        <div>
          <dt>
            <Trans>Subtotal</Trans>
          </dt>
          <dd>{price(totals.subtotalCents)}</dd>
        </div>
        {totals.happyHourSavingsCents > 0 && (
          <div>
            <dt>
              <Trans>Happy hour</Trans>
            </dt>
            <dd>−{price(totals.happyHourSavingsCents)}</dd>
          </div>
        )}
        {totals.roomChargeCents > 0 && (
          <div>
            <dt>
              <Trans>Room service charge</Trans>
            </dt>
            <dd>{price(totals.roomChargeCents)}</dd>
          </div>
        )}
        {totals.deliveryDiscountCents > 0 && (
          <div>
            <dt>
              <Trans>Delivery discount</Trans>
            </dt>
            <dd>−{price(totals.deliveryDiscountCents)}</dd>
          </div>
        )}
        <div className="order-details__total">
          <dt>
            <Trans>Total</Trans>
          </dt>
          <dd>{price(totals.totalCents)}</dd>
        </div>
      </dl>
      <p className="order-details__meta">
        <PaymentText payment={order.payment} chargingRoomName={order.chargingRoomName} />
      </p>
      {order.comment && (
        <p className="order-details__meta">
          <Trans>Comment: {order.comment}</Trans>
        </p>
      )}
    </div>
  );
}

function PaymentText({ payment, chargingRoomName }: Pick<OrderDto, "payment" | "chargingRoomName">) {
  if (payment.type === "CARD") {
    const card = [
      payment.cardBrand && cardBrandName(payment.cardBrand),
      payment.cardLastFour && `•••• ${payment.cardLastFour}`,
    ]
      .filter(Boolean)
      .join(" ");
    return <Trans>Paid by card {card}</Trans>;
  }
  if (payment.type === "CHARGE_TO_ROOM") {
    return chargingRoomName ? <Trans>Charged to room {chargingRoomName}</Trans> : <Trans>Charged to the room</Trans>;
  }
  return <Trans>Cash</Trans>;
}
