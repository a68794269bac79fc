/** The labels of each language's name and details fields, in the back office's forms. */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { Language } from "../../../domain/languages";

export const NAME_LABELS: Record<Language, MessageDescriptor> = {
  GRE: msg`Name in Greek (required)`,
  ENG: msg`Name in English (required)`,
  ITA: msg`Name in Italian`,
  FRA: msg`Name in French`,
  DEU: msg`Name in German`,
  ROU: msg`Name in Romanian`,
  BGR: msg`Name in Bulgarian`,
  SRB: msg`Name in Serbian`,
};

/** The details are the description guests read under the name. */
export const DETAILS_LABELS: Record<Language, MessageDescriptor> = {
  GRE: msg`Details in Greek (empty: none)`,
  ENG: msg`Details in English (empty: none)`,
  ITA: msg`Details in Italian (empty: none)`,
  FRA: msg`Details in French (empty: none)`,
  DEU: msg`Details in German (empty: none)`,
  ROU: msg`Details in Romanian (empty: none)`,
  BGR: msg`Details in Bulgarian (empty: none)`,
  SRB: msg`Details in Serbian (empty: none)`,
};
