/**
 * Loads compiled catalogs (the Lingui Vite plugin compiles each .po at build time into its own
 * chunk), one locale at a time: a Greek guest never downloads the English texts.
 *
 * Three catalogs per locale (lingui.config.ts), so the menu's first load carries only its own texts:
 * - "messages": the shell, landing, services and menu screens and the error texts; loaded before
 *   the first render. The Greek one (the default language) is part of the entry module, so a Greek
 *   guest's first render waits for no catalog request of its own; an English
 *   guest's starts with the entry, in parallel with the route's data and code.
 * - "screens": everything opened later (item modal, cart and checkout, entrance dialog, profile,
 *   history, reviews, staff, info); fetched in the background after the first render, and awaited
 *   by whatever shows those texts (lazyWithScreens, and the root route for those routes).
 * - "documents": the legal and help texts, loaded only by the info pages.
 */
import { i18n, type Messages } from "@lingui/core";
import { messages as greekFirstLoadMessages } from "../../../locales/el/messages.po";

export type AppLocale = "el" | "en";
export type LaterCatalog = "screens" | "documents";
type CatalogName = "messages" | LaterCatalog;
type CatalogLoader = () => Promise<{ messages: Messages }>;

const catalogLoaders: Record<CatalogName, Record<AppLocale, CatalogLoader>> = {
  messages: {
    el: () => Promise.resolve({ messages: greekFirstLoadMessages }),
    en: () => import("../../../locales/en/messages.po"),
  },
  screens: {
    el: () => import("../../../locales/el/screens.po"),
    en: () => import("../../../locales/en/screens.po"),
  },
  documents: {
    el: () => import("../../../locales/el/documents.po"),
    en: () => import("../../../locales/en/documents.po"),
  },
};

/** Catalogs in use: switching language loads the same ones for the new locale. */
const wanted = new Set<CatalogName>(["messages"]);
const loading = new Map<string, Promise<void>>();

function load(name: CatalogName, locale: AppLocale): Promise<void> {
  const key = `${name}:${locale}`;
  let promise = loading.get(key);
  if (promise === undefined) {
    promise = catalogLoaders[name][locale]().then(({ messages }) => {
      i18n.load(locale, messages); // merges with what the locale already has
    });
    // A failed load (offline before the worker cached it) may be tried again later.
    promise.catch(() => loading.delete(key));
    loading.set(key, promise);
  }
  return promise;
}

/**
 * The locale being activated, known before its catalogs arrive: the router starts loading with the
 * first render's catalog (main.tsx), and a later catalog it asks for must be in this locale.
 */
let targetLocale: AppLocale | undefined;

export async function activateLocale(locale: AppLocale): Promise<void> {
  targetLocale = locale;
  await Promise.all([...wanted].map((name) => load(name, locale)));
  i18n.activate(locale);
  // Screen readers and hyphenation follow <html lang>.
  if (typeof document !== "undefined") document.documentElement.lang = locale;
}

/** Makes a later catalog available in the active locale (and in any locale chosen later). */
export async function ensureCatalog(name: LaterCatalog): Promise<void> {
  const locale = targetLocale ?? (i18n.locale as AppLocale);
  const alreadyActive = wanted.has(name) && loading.has(`${name}:${locale}`);
  wanted.add(name);
  await load(name, locale);
  // Re-activate once, so components re-render with the newly merged messages.
  if (!alreadyActive && i18n.locale === locale) i18n.activate(locale);
}

export function loadDocumentsCatalog(): Promise<void> {
  return ensureCatalog("documents");
}
