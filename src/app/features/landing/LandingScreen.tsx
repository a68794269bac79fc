/** Landing (spec §2 "/"): how to start an order, the demo links when the demo is on, the cookie notice. */
import { Trans, useLingui } from "@lingui/react/macro";
import { usePageTitle } from "../shell/use-page-title";
import { CookieNotice } from "./CookieNotice";
import { DemoLinks } from "./DemoLinks";
import { LandingIllustration } from "./LandingIllustration";
import "./landing.css";

export function LandingScreen() {
  const { t } = useLingui();
  usePageTitle(t`Order from your table`);

  return (
    <div className="page landing">
      <section className="landing__hero" aria-labelledby="landing-title">
        <LandingIllustration />
        <h1 id="landing-title">
          <Trans>Order from where you sit</Trans>
        </h1>
        <p className="page__lead">
          <Trans>
            Scan the QR code on your table, umbrella, sunbed or room door, or open the delivery link the venue sent you.
            The menu opens right here, no app to install.
          </Trans>
        </p>
      </section>

      <ol className="landing__steps">
        <li className="landing__step card">
          <span className="landing__step-number" aria-hidden="true">
            1
          </span>
          <div>
            <h2>
              <Trans>Scan the code</Trans>
            </h2>
            <p>
              <Trans>Point your phone's camera at the QR code and tap the link that appears.</Trans>
            </p>
          </div>
        </li>
        <li className="landing__step card">
          <span className="landing__step-number" aria-hidden="true">
            2
          </span>
          <div>
            <h2>
              <Trans>Choose from the menu</Trans>
            </h2>
            <p>
              <Trans>Browse in Greek or English, with photos and prices, even when the Wi-Fi comes and goes.</Trans>
            </p>
          </div>
        </li>
        <li className="landing__step card">
          <span className="landing__step-number" aria-hidden="true">
            3
          </span>
          <div>
            <h2>
              <Trans>We bring it to you</Trans>
            </h2>
            <p>
              <Trans>Send your order and follow it on your phone until it reaches your spot.</Trans>
            </p>
          </div>
        </li>
      </ol>

      <DemoLinks />
      <CookieNotice />
    </div>
  );
}
