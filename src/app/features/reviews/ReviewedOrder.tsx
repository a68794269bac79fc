/** Which order a review is about: store, daily number, when it was placed (Athens time), total. */
import { Trans } from "@lingui/react/macro";
import { pickTranslation } from "../../../domain/languages";
import type { OrderDto } from "../../../domain/orders-api";
import { formatAthensDateTime } from "../../i18n/athens-date-time";
import { useLanguage } from "../../i18n/language-store";
import { formatPrice } from "../../i18n/money";

export function ReviewedOrder({ order }: { order: OrderDto }) {
  const language = useLanguage();
  const store = pickTranslation(order.storeNames, language.ui, language.extra).name;
  const number = order.dailyNumber;
  const placedAt = formatAthensDateTime(order.createdAt, language.ui);
  const total = formatPrice(order.totals.totalCents, language.ui);
  return (
    <p className="reviewed-order">
      <strong>{store}</strong>{" "}
      <Trans>
        Order #{number} · {placedAt} · {total}
      </Trans>
    </p>
  );
}
