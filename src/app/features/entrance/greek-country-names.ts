/**
 * Current Greek names of countries for the phone field's country list:
 * react-phone-number-input's Greek locale still has old or foreign names ("Μακεδονία (ΠΓΔΜ)",
 * "Κοσόβου" in the genitive, "Σουαζιλάνδη", "Curaçao"). These are the Unicode CLDR 48 Greek names
 * (what current browsers and Node say) wherever the library differs; greek-country-names.test.ts
 * compares the whole merged list with CLDR, so a change on either side is noticed.
 */
import el from "react-phone-number-input/locale/el.json";

/** Deliberately kept as the library has them: the short everyday names, and codes that are no country. */
export const KEPT_LIBRARY_NAMES = ["HK", "MO", "PS", "XA", "XO", "ZZ"] as const;

const CURRENT_NAMES: Record<string, string> = {
  AC: "Νήσος Ασενσιόν",
  AX: "Νήσοι Όλαντ",
  BA: "Βοσνία - Ερζεγοβίνη",
  BB: "Μπαρμπέιντος",
  BD: "Μπανγκλαντές",
  BQ: "Ολλανδία Καραϊβικής",
  BV: "Νήσος Μπουβέ",
  BZ: "Μπελίζ",
  CC: "Νήσοι Κόκος (Κίλινγκ)",
  CD: "Κονγκό - Κινσάσα",
  CF: "Κεντροαφρικανική Δημοκρατία",
  CG: "Κονγκό - Μπραζαβίλ",
  CI: "Ακτή Ελεφαντοστού",
  CW: "Κουρασάο",
  CX: "Νήσος των Χριστουγέννων",
  CZ: "Τσεχία",
  DM: "Ντομίνικα",
  FK: "Νήσοι Φόκλαντ",
  FO: "Νήσοι Φερόες",
  GG: "Γκέρνζι",
  GS: "Νήσοι Νότια Γεωργία και Νότιες Σάντουιτς",
  GW: "Γουινέα Μπισάου",
  HM: "Νήσοι Χερντ και Μακντόναλντ",
  IO: "Βρετανικά Εδάφη Ινδικού Ωκεανού",
  JE: "Τζέρζι",
  KG: "Κιργιστάν",
  KN: "Σεν Κιτς και Νέβις",
  LS: "Λεσότο",
  MF: "Άγιος Μαρτίνος (Γαλλικό τμήμα)",
  MG: "Μαδαγασκάρη",
  MK: "Βόρεια Μακεδονία",
  MM: "Μιανμάρ (Βιρμανία)",
  MP: "Νήσοι Βόρειες Μαριάνες",
  MS: "Μονσεράτ",
  NF: "Νήσος Νόρφολκ",
  NR: "Ναουρού",
  NU: "Νιούε",
  PM: "Σεν Πιερ και Μικελόν",
  PN: "Νήσοι Πίτκερν",
  PW: "Παλάου",
  RE: "Ρεϊνιόν",
  SI: "Σλοβενία",
  SJ: "Σβάλμπαρντ και Γιαν Μαγιέν",
  SX: "Άγιος Μαρτίνος (Ολλανδικό τμήμα)",
  SZ: "Εσουατίνι",
  TA: "Τριστάν ντα Κούνια",
  TF: "Γαλλικά Νότια Εδάφη",
  TK: "Τοκελάου",
  UM: "Απομακρυσμένες Νησίδες ΗΠΑ",
  VA: "Βατικανό",
  VG: "Βρετανικές Παρθένες Νήσοι",
  VI: "Αμερικανικές Παρθένες Νήσοι",
  WF: "Γουάλις και Φουτούνα",
  XK: "Κοσσυφοπέδιο",
  YT: "Μαγιότ",
};

/** The library's Greek labels with the current names in place of the outdated ones. */
export const GREEK_COUNTRY_LABELS: typeof el = { ...el, ...CURRENT_NAMES };
