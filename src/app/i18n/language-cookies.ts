/**
 * The device's language choice, mirrored into the cookies a page load carries to the server
 * (domain/page-language.ts), so the next server-rendered page comes in the language the device
 * shows. Each cookie lives as long as the storage it mirrors: the saved UI language a year, the
 * extra menu language the browser's session.
 */
import { LANGUAGE_COOKIES } from "../../domain/page-language";

const A_YEAR_S = 365 * 24 * 60 * 60;

export function mirrorLanguageInCookies(savedUi: string | null, savedExtra: string | null): void {
  writeCookie(LANGUAGE_COOKIES.ui, savedUi, A_YEAR_S);
  writeCookie(LANGUAGE_COOKIES.extra, savedExtra, null);
}

/** `value` null deletes the cookie; `maxAgeS` null makes it the session's. */
function writeCookie(name: string, value: string | null, maxAgeS: number | null): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  const lifetime = value === null ? "; Max-Age=0" : maxAgeS === null ? "" : `; Max-Age=${maxAgeS}`;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older Safari and Firefox, and the cookie must be set before the guest's next page load, not after a promise.
  document.cookie = `${name}=${encodeURIComponent(value ?? "")}; Path=/; SameSite=Lax${lifetime}${secure}`;
}
