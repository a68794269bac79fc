/** One info page (spec §2 "specific-info", /info/:type). */
import { useLingui } from "@lingui/react/macro";
import type { ComponentType } from "react";
import type { InfoType } from "../../navigation/route-params";
import { usePageTitle } from "../shell/use-page-title";
import { ContactUs } from "./documents/ContactUs";
import { CookiesPolicy } from "./documents/CookiesPolicy";
import { PrivacyPolicy } from "./documents/PrivacyPolicy";
import { RatingPolicy } from "./documents/RatingPolicy";
import { TermsOfService } from "./documents/TermsOfService";
import { INFO_TITLES } from "./info-titles";
import "./info.css";

const DOCUMENTS: Record<InfoType, ComponentType> = {
  "contact-us": ContactUs,
  "terms-of-service": TermsOfService,
  "privacy-policy": PrivacyPolicy,
  "rating-policy": RatingPolicy,
  "cookies-policy": CookiesPolicy,
};

export function InfoPage({ type }: { type: InfoType }) {
  const { i18n } = useLingui();
  const title = i18n._(INFO_TITLES[type]);
  const Document = DOCUMENTS[type];
  usePageTitle(title);
  return (
    <article className="page info-document" aria-labelledby="info-title">
      <h1 id="info-title" className="page__title">
        {title}
      </h1>
      <Document />
    </article>
  );
}
