/**
 * Loads compiled catalogs (the Lingui Vite plugin compiles each .po at build time into its own
 * chunk), one locale at a time: a Greek guest never downloads the English texts. The "documents"
 * catalog (legal and help texts) is loaded only once an info page asks for it.
 */
import { i18n, type Messages } from "@lingui/core";

export type AppLocale = "el" | "en";
type CatalogName = "messages" | "documents";
type CatalogLoader = () => Promise<{ messages: Messages }>;

const catalogLoaders: Record<CatalogName, Record<AppLocale, CatalogLoader>> = {
  messages: {
    el: () => import("../../../locales/el/messages.po"),
    en: () => import("../../../locales/en/messages.po"),
  },
  documents: {
    el: () => import("../../../locales/el/documents.po"),
    en: () => import("../../../locales/en/documents.po"),
  },
};

/** Catalogs in use: switching language loads the same ones for the new locale. */
const wanted = new Set<CatalogName>(["messages"]);
const loaded = new Set<string>();

async function load(name: CatalogName, locale: AppLocale): Promise<void> {
  const key = `${name}:${locale}`;
  if (loaded.has(key)) return;
  const { messages } = await catalogLoaders[name][locale]();
  i18n.load(locale, messages); // merges with what the locale already has
  loaded.add(key);
}

export async function activateLocale(locale: AppLocale): Promise<void> {
  await Promise.all([...wanted].map((name) => load(name, locale)));
  i18n.activate(locale);
  // Screen readers and hyphenation follow <html lang>.
  document.documentElement.lang = locale;
}

/** Makes the documents catalog available in the active locale (and in any locale chosen later). */
export async function loadDocumentsCatalog(): Promise<void> {
  wanted.add("documents");
  const locale = i18n.locale as AppLocale;
  await load("documents", locale);
  // Re-activate so components re-render with the newly merged messages.
  i18n.activate(locale);
}
