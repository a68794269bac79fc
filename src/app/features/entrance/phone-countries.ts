/**
 * The phone field's countries in two steps, so the sign-in dialog's chunk stays small (at most
 * 40 KB gzip) on a slow connection.
 * The dialog opens with Greece alone (spec §2: Greece by default; its metadata is 400 bytes,
 * greece-phone-metadata.json), so a Greek number can be typed at once; every other country's
 * metadata (libphonenumber's "min" set, 20 KB gzip, the smallest that still formats and validates a
 * number of every country) and the country names of the guest's language come in a chunk of their
 * own, fetched as the field mounts and again when the country list is opened after a failed fetch.
 */
import type { MetadataJson } from "libphonenumber-js/core";
import type { Labels } from "react-phone-number-input";
import greeceOnly from "./greece-phone-metadata.json";

export type PhoneLocale = "el" | "en";

/** Greece's metadata, sliced from libphonenumber's "min" set (greece-phone-metadata.test.ts keeps them equal). */
// JSON imports are typed loosely (arrays, not the metadata's tuples); the test proves the content.
export const GREECE_ONLY_METADATA = greeceOnly as unknown as MetadataJson;

let allMetadata: MetadataJson | undefined;
let metadataLoad: Promise<MetadataJson> | undefined;
const labelsByLocale = new Map<PhoneLocale, Labels>();
const labelLoads = new Map<PhoneLocale, Promise<Labels>>();

/** Every country's metadata once it has arrived; Greece's until then. */
export function currentPhoneMetadata(): MetadataJson {
  return allMetadata ?? GREECE_ONLY_METADATA;
}

/** The country names once they have arrived; until then Greece's alone, as the browser names it. */
export function currentCountryLabels(locale: PhoneLocale): Labels {
  return labelsByLocale.get(locale) ?? { GR: new Intl.DisplayNames([locale], { type: "region" }).of("GR") ?? "GR" };
}

/** Fetches every country's metadata (once; again after a failure, e.g. the network dropped). */
export function loadAllPhoneMetadata(): Promise<MetadataJson> {
  metadataLoad ??= import("libphonenumber-js/min/metadata").then((module) => {
    allMetadata = module.default;
    return module.default;
  });
  metadataLoad.catch(() => {
    metadataLoad = undefined;
  });
  return metadataLoad;
}

/** Fetches the names of every country in `locale` (Greek: today's names, greek-country-names.ts). */
export function loadCountryLabels(locale: PhoneLocale): Promise<Labels> {
  let load = labelLoads.get(locale);
  if (load === undefined) {
    load = (
      locale === "el"
        ? import("./greek-country-names").then((module) => module.GREEK_COUNTRY_LABELS)
        : import("react-phone-number-input/locale/en.json").then((module) => module.default)
    ).then((labels) => {
      labelsByLocale.set(locale, labels);
      return labels;
    });
    load.catch(() => labelLoads.delete(locale));
    labelLoads.set(locale, load);
  }
  return load;
}
