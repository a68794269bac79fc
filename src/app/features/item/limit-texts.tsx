/**
 * The limit texts of spec §5, in Greek and English: the stepper's message when an increase is
 * refused ('You can add up to N products in total', '... from category X', '... pieces of this
 * product due to low stock') and the add button's banner ('cannot add more products to cart',
 * 'cannot add more of this product due to low stock').
 */
import { Plural, Trans } from "@lingui/react/macro";
import type { LimitVerdict } from "../../../domain/limits";

type RefusedVerdict = Exclude<LimitVerdict, { ok: true }>;

/** The stepper's message; `categoryName` is the category as the guest reads it. */
export function LimitMessage({ verdict, categoryName }: { verdict: RefusedVerdict; categoryName: string }) {
  const limit = verdict.limit;
  switch (verdict.reason) {
    case "MAX_PER_ORDER":
      return (
        <Plural
          value={limit}
          one="You can add up to # product in total"
          other="You can add up to # products in total"
        />
      );
    case "MAX_PER_CATEGORY":
      return (
        <Plural
          value={limit}
          one={`You can add up to # product from category ${categoryName}`}
          other={`You can add up to # products from category ${categoryName}`}
        />
      );
    case "LOW_STOCK":
      return (
        <Plural
          value={limit}
          one="You can add up to # piece of this product due to low stock"
          other="You can add up to # pieces of this product due to low stock"
        />
      );
  }
}

/** The add button's banner. */
export function LimitBanner({ verdict }: { verdict: RefusedVerdict }) {
  return verdict.reason === "LOW_STOCK" ? (
    <Trans>Cannot add more of this product due to low stock</Trans>
  ) : (
    <Trans>Cannot add more products to cart</Trans>
  );
}
