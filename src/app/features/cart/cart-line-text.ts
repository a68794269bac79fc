/** How a cart line's choices read on the cart screen: "Sugar: Medium sweet · Extras: Vanilla syrup". */
import type { CartItem } from "../../../domain/cart";
import type { LanguageState } from "../../../domain/language-choice";
import { pickTranslation } from "../../../domain/languages";
import { type Selection, selectedIn } from "../../../domain/subselections";

/** One text per group with something picked, in the item's group and option order. */
export function selectedOptionsText(
  item: Pick<CartItem, "subselections">,
  selection: Selection,
  language: LanguageState,
): string[] {
  const name = (names: Parameters<typeof pickTranslation>[0]) =>
    pickTranslation(names, language.ui, language.extra).name;
  return item.subselections.flatMap((group) => {
    const chosen = selectedIn(selection, group.id);
    const options = group.options.filter((option) => chosen.includes(option.id)).map((option) => name(option.names));
    return options.length === 0 ? [] : [`${name(group.names)}: ${options.join(", ")}`];
  });
}
