import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { INFO_TYPES } from "../../navigation/route-params";
import { INFO_TITLES } from "../info/info-titles";

/** Links to the info pages (spec §2); shown where showsFooter() allows. */
export function Footer() {
  const { i18n } = useLingui();
  return (
    <footer className="site-footer">
      <nav aria-labelledby="footer-title" className="site-footer__inner">
        <h2 id="footer-title" className="visually-hidden">
          <Trans>Information</Trans>
        </h2>
        <ul className="site-footer__links">
          {INFO_TYPES.map((type) => (
            <li key={type}>
              <Link to="/info/$type" params={{ type }}>
                {i18n._(INFO_TITLES[type])}
              </Link>
            </li>
          ))}
        </ul>
        <p className="site-footer__note">
          <Trans>Kyma · ordering for restaurants, cafés, hotels and beach bars</Trans>
        </p>
      </nav>
    </footer>
  );
}
