/**
 * The entry of a server-rendered page (ARCHITECTURE.md, "HTML first"): the server puts this
 * module in the page instead of index.html's main.tsx (server/ssr/deferred-start.ts), and it
 * starts the app only after the page's first paint.
 *
 * The page is readable from its HTML and inline styles alone; the app's ~130 kB of scripts only
 * hydrate it. Asked for at once, they share the guest's slow link with the HTML's photos and,
 * where they arrive first, run before the browser paints; and Lighthouse's simulated LCP counts
 * every request that ended before the paint it saw. Started after it, only the HTML, its photos
 * and this small file come first. The plain shell (index.html) keeps main.tsx as its entry: it
 * shows nothing until the app runs. While the app's scripts download, the tab's storage areas are
 * opened in tasks of their own (ssr/open-storage-early.ts), out of the app's long first task.
 */
import { afterFirstPaint } from "./ssr/after-first-paint";
import { openStorageEarly } from "./ssr/open-storage-early";

afterFirstPaint(() => {
  void import("./main");
  openStorageEarly();
});
