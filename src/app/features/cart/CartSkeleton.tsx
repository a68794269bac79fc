import { Trans } from "@lingui/react/macro";

/** The cart while IndexedDB is read: the geometry of a short cart. */
export function CartSkeleton() {
  return (
    <div className="cart__lines" aria-busy="true">
      <p className="visually-hidden" role="status">
        <Trans>Loading your cart…</Trans>
      </p>
      {[0, 1].map((index) => (
        <div key={index} className="cart-line cart-line--skeleton" aria-hidden="true">
          <div className="skeleton skeleton--line skeleton--short" />
          <div className="skeleton skeleton--line skeleton--wide" />
        </div>
      ))}
    </div>
  );
}
