/** One cart line: quantity or weight, name, options, rental dates, comment and line total ("Request" for a request); a tap edits it. */
import { Trans, useLingui } from "@lingui/react/macro";
import type { CartLine } from "../../../domain/cart";
import type { LanguageState } from "../../../domain/language-choice";
import { pickTranslation } from "../../../domain/languages";
import { isRequest } from "../../../domain/prices";
import { isSoldOut } from "../../../domain/sold-out";
import { formatPrice } from "../../i18n/money";
import { formatKilos } from "../../i18n/weight";
import { RequestMark } from "../shell/OrderMarks";
import { selectedOptionsText } from "./cart-line-text";
import { RentalDatesText } from "./RentalDatesText";

interface CartLineRowProps {
  line: CartLine;
  totalCents: number;
  language: LanguageState;
  onEdit: () => void;
}

export function CartLineRow({ line, totalCents, language, onEdit }: CartLineRowProps) {
  const { t } = useLingui();
  const name = pickTranslation(line.item.names, language.ui, language.extra).name;
  const kilos = line.kilos === null ? "" : formatKilos(line.kilos, language.ui);
  const amount = line.item.perKg && line.kilos !== null ? t`${kilos} kg` : `${line.quantity}×`;
  const options = selectedOptionsText(line.item, line.selection, language);

  return (
    <button type="button" className="cart-line" onClick={onEdit} aria-describedby="cart-edit-hint">
      <span className="cart-line__amount">{amount}</span>
      <span className="cart-line__body">
        <span className="cart-line__name">{name}</span>
        {isSoldOut(line.item) && (
          <span className="cart-line__sold-out">
            <Trans>Out of stock</Trans>
          </span>
        )}
        {options.map((text) => (
          <span key={text} className="cart-line__options">
            {text}
          </span>
        ))}
        {line.rental != null && line.item.rental !== undefined && (
          <RentalDatesText
            rental={line.rental}
            unit={line.item.rental.unit}
            language={language.ui}
            className="cart-line__options"
          />
        )}
        {line.comment && <span className="cart-line__comment">“{line.comment}”</span>}
      </span>
      <span className="cart-line__total">
        {isRequest(line.item) ? <RequestMark /> : formatPrice(totalCents, language.ui)}
      </span>
    </button>
  );
}
