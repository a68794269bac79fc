/**
 * The staff screens stay out of the precache, which every guest's phone downloads: a guest on roaming
 * data never opens them, so the service worker does not download them in the background of every
 * guest's first visit. The build lists the staff-only files in STAFF_ASSETS_PATH; a terminal caches
 * them when a waiter first signs in on it (src/app/features/staff/shell/cache-staff-screens.ts),
 * into the app-chunks runtime cache the worker answers /assets/ from (cache-rules.ts).
 * Pure, so the split is tested in node (staff-screens.test.ts); vite.config.ts applies it.
 */

/** The build's list of staff-only files, fetched by a terminal (never precached: it is JSON). */
export const STAFF_ASSETS_PATH = "staff-assets.json";

/** The shape of STAFF_ASSETS_PATH. */
export interface StaffAssets {
  /** Paths from the site root, e.g. "/assets/staff-admin-abc123.js". */
  files: string[];
}

/**
 * Route and component modules that only staff open (spec §2 "staff" routes, the staff sign-in
 * pages, receipts and the day summary, the terminal's staff shell, the kitchen tab and displays, the
 * admins' back office).
 */
export const STAFF_MODULE =
  /[\\/]src[\\/]app[\\/](features[\\/](staff|kitchen|back-office)[\\/]|routes[\\/](staff-admin|back-office|staff-login|staff-sign-in|pin|order-change-status|view-order-details|receipts|day-summary|order-history\.for-store|open-tables\.for-store|open-rooms\.for-store|kitchen\.for-store|stock\.for-store)[.$])/;

/** What the split needs of an output chunk (a subset of Rolldown's OutputChunk). */
export interface ChunkFacts {
  fileName: string;
  isEntry: boolean;
  /** The module a lazy chunk was split for (a route component, a lazy screen), if any. */
  facadeModuleId: string | null;
  imports: readonly string[];
  dynamicImports: readonly string[];
  css: readonly string[];
  moduleIds: readonly string[];
}

/**
 * The files only staff screens reach: every chunk (and its CSS) that the entry cannot reach
 * without going through a lazily loaded staff module. A chunk shared with a guest screen stays
 * in the precache.
 */
export function staffOnlyFiles(
  chunks: readonly ChunkFacts[],
  isStaffModule = (id: string) => STAFF_MODULE.test(id),
): string[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const guest = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = byFile.get(fileName);
    if (chunk === undefined || guest.has(fileName)) return;
    guest.add(fileName);
    for (const imported of chunk.imports) visit(imported);
    for (const lazy of chunk.dynamicImports) {
      const target = byFile.get(lazy);
      if (target?.facadeModuleId && isStaffModule(target.facadeModuleId)) continue;
      visit(lazy);
    }
  };
  for (const chunk of chunks) if (chunk.isEntry) visit(chunk.fileName);
  const guestCss = new Set(chunks.filter((chunk) => guest.has(chunk.fileName)).flatMap((chunk) => chunk.css));
  const staff = chunks.filter((chunk) => !guest.has(chunk.fileName));
  const files = new Set([
    ...staff.map((chunk) => chunk.fileName),
    ...staff.flatMap((chunk) => chunk.css).filter((css) => !guestCss.has(css)),
  ]);
  return [...files].sort();
}

/**
 * The phone field (libphonenumber and react-phone-number-input, every country's metadata and names,
 * 44 KB brotli): only signing in and changing the phone number use it, and both need the network
 * for their SMS code, so it is not precached either; the worker keeps it once the entrance dialog
 * has been opened online (the app-chunks cache).
 */
const NETWORK_ONLY_MODULE =
  /[\\/](node_modules[\\/](libphonenumber-js|react-phone-number-input)[\\/]|src[\\/]app[\\/]features[\\/]entrance[\\/]greek-country-names\.ts)/;

/**
 * Guest screens that show nothing without the API (the precache stays within 250 KB brotli): a
 * signed-in guest's profile, order history and reviews, a venue's reviews, the cart's phone change
 * and card removal, and the sign-in dialog (its every step asks the server; its phone field is
 * network-only already). Offline they could only say "no connection", so their code is not
 * precached but fetched when opened online (then kept in the app-chunks cache); opened offline for
 * the first time, their code fails to load and the app shows its load error with a retry (spec §8).
 */
export const ONLINE_ONLY_SCREEN =
  /[\\/]src[\\/]app[\\/](routes[\\/](_auth[\\/]|stores\.\$storeId\.reviews|\$service\.\$tableId\.cart\.(change-phone|delete-card)|menu\.\$tableId_\.bill)|features[\\/]entrance[\\/]EntranceDialog\.tsx)/;

/**
 * The info pages (terms, privacy, help, the contact form) with their long texts (the "documents"
 * catalogs, catalogs.ts): read by few guests, and online as a rule. Left out of the precache like
 * the screens above: opened offline for the first time they show the load error with a retry.
 */
export const RARELY_READ_MODULE = /[\\/](src[\\/]app[\\/]routes[\\/]info\.|locales[\\/][a-z]+[\\/]documents\.po$)/;

/** Every file the precache leaves out: staff-only files, the online-only and rarely read screens, the phone field. */
export function leftOutOfPrecache(chunks: readonly ChunkFacts[]): string[] {
  const notForGuestsOffline = staffOnlyFiles(
    chunks,
    (id) => STAFF_MODULE.test(id) || ONLINE_ONLY_SCREEN.test(id) || RARELY_READ_MODULE.test(id),
  );
  const phone = chunks.filter((chunk) => chunk.moduleIds.some((id) => NETWORK_ONLY_MODULE.test(id)));
  const otherCss = new Set(chunks.filter((chunk) => !phone.includes(chunk)).flatMap((chunk) => chunk.css));
  const phoneFiles = phone.flatMap((chunk) => [chunk.fileName, ...chunk.css.filter((css) => !otherCss.has(css))]);
  return [...new Set([...notForGuestsOffline, ...phoneFiles])].sort();
}
