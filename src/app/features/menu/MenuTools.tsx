import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";

interface MenuToolsProps {
  routeParams: { service: string; tableId: number };
  /** False in a read-only store: no cart (spec §1 "view only"). */
  showCart: boolean;
}

/** Search and the cart, under the menu's title. */
export function MenuTools({ routeParams, showCart }: MenuToolsProps) {
  const { t } = useLingui();
  return (
    <nav className="menu__tools" aria-label={t`Menu tools`}>
      <Link to="/$service/$tableId/search" params={routeParams} search={{ q: "" }} className="menu__tool">
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
          <path d="M15.5 15.5L21 21" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
        <Trans>Search</Trans>
      </Link>
      {showCart && (
        <Link to="/$service/$tableId/cart" params={routeParams} className="menu__tool">
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M5 8h14l-1.5 12h-11zM9 8V6a3 3 0 016 0v2" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
          <Trans>My cart</Trans>
        </Link>
      )}
    </nav>
  );
}
