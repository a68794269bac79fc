import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { InfoType } from "../../navigation/route-params";

/** Titles of the info pages, shared by the footer, the /info list and the pages themselves. */
export const INFO_TITLES: Record<InfoType, MessageDescriptor> = {
  "contact-us": msg`Contact us`,
  "terms-of-service": msg`Terms of service`,
  "privacy-policy": msg`Privacy policy`,
  "rating-policy": msg`Rating policy`,
  "cookies-policy": msg`Cookies policy`,
};
