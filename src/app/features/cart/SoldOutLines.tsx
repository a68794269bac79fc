/**
 * Before the guest sends: the cart's lines whose item sold out (spec §5 Stock; it may sell out
 * while the cart is open, the live menu tells), each named, with a button that removes it. The
 * placement would refuse them anyway (OUT_OF_STOCK, with the same text); this says which line
 * and offers the way out first.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import type { CartLine } from "../../../domain/cart";
import type { LanguageState } from "../../../domain/language-choice";
import { pickTranslation } from "../../../domain/languages";
import { isSoldOut } from "../../../domain/sold-out";
import { appDb } from "../../db/app-db";
import { type CartKey, removeCartLine } from "../../db/cart-repository";

interface SoldOutLinesProps {
  lines: readonly CartLine[];
  cartKey: CartKey;
  language: LanguageState;
}

export function SoldOutLines({ lines, cartKey, language }: SoldOutLinesProps) {
  const { t } = useLingui();
  const soldOut = lines.filter((line) => isSoldOut(line.item));
  if (soldOut.length === 0) return null;
  return (
    <section className="cart__sold-out card" role="alert" aria-labelledby="cart-sold-out-title">
      <h2 id="cart-sold-out-title" className="cart__sold-out-title">
        <Trans>A product in your cart is out of stock</Trans>
      </h2>
      <ul className="cart__sold-out-lines">
        {soldOut.map((line) => {
          const name = pickTranslation(line.item.names, language.ui, language.extra).name;
          return (
            <li key={line.id} className="cart__sold-out-line">
              <span>{name}</span>
              <button
                type="button"
                className="button button--quiet"
                onClick={() => void removeCartLine(appDb(), cartKey, line.id).catch(() => undefined)}
              >
                {t`Remove ${name}`}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
