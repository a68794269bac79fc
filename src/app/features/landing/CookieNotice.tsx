import { Trans } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { acceptCookies, COOKIE_AUTO_ACCEPT_MS, COOKIE_NOTICE_DELAY_MS, cookiesAccepted } from "./cookie-consent";

/** The landing page's cookie notice; timing rules in cookie-consent.ts. */
export function CookieNotice() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (cookiesAccepted()) return;
    let autoAccept: ReturnType<typeof setTimeout> | undefined;
    const show = setTimeout(() => {
      setVisible(true);
      autoAccept = setTimeout(() => {
        acceptCookies();
        setVisible(false);
      }, COOKIE_AUTO_ACCEPT_MS);
    }, COOKIE_NOTICE_DELAY_MS);
    return () => {
      clearTimeout(show);
      clearTimeout(autoAccept);
    };
  }, []);

  function accept() {
    acceptCookies();
    setVisible(false);
  }

  // A polite live region that stays mounted, so the notice is announced without stealing focus.
  return (
    <div className="cookie-notice-region" role="status">
      {visible && (
        <section className="cookie-notice" aria-labelledby="cookie-notice-title">
          <h2 id="cookie-notice-title" className="visually-hidden">
            <Trans>Cookies</Trans>
          </h2>
          <p>
            <Trans>
              We only store what ordering needs: your language, your cart and your sign-in.{" "}
              <Link to="/info/$type" params={{ type: "cookies-policy" }}>
                Cookies policy
              </Link>
            </Trans>
          </p>
          <button type="button" className="button" onClick={accept}>
            <Trans>OK</Trans>
          </button>
        </section>
      )}
    </div>
  );
}
