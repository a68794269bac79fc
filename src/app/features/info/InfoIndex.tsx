/** The list of info pages (spec §2 "info", /info). */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { INFO_TYPES, type InfoType } from "../../navigation/route-params";
import { usePageTitle } from "../shell/use-page-title";
import { INFO_TITLES } from "./info-titles";
import "./info.css";

const SUMMARIES: Record<InfoType, MessageDescriptor> = {
  "contact-us": msg`Questions, problems or ideas: write to us.`,
  "terms-of-service": msg`How ordering, prices and payment work.`,
  "privacy-policy": msg`What we store about you, why, and your rights.`,
  "rating-policy": msg`Who can review a venue and how reviews are moderated.`,
  "cookies-policy": msg`The little the app keeps in your browser, and why.`,
};

export function InfoIndex({ isApplication }: { isApplication: boolean }) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Info`);
  return (
    <section className="page" aria-labelledby="info-index-title">
      <h1 id="info-index-title" className="page__title">
        <Trans>Info</Trans>
      </h1>
      <ul className="info-list">
        {INFO_TYPES.map((type) => (
          <li key={type}>
            <Link
              to="/info/$type"
              params={{ type }}
              search={isApplication ? { isApplication: true } : {}}
              className="info-list__link card"
            >
              <span className="info-list__title">{i18n._(INFO_TITLES[type])}</span>
              <span className="info-list__summary">{i18n._(SUMMARIES[type])}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
