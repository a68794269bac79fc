/**
 * Where the admin service answers (spec §7 "staff admin accounts use a separate admin service"):
 * VITE_ADMIN_API_URL at build time, by default this origin's /admin-api (served by the same
 * server process). An absolute URL with a trailing slash, as ky's prefixUrl wants it.
 */
export function adminApiUrl(configured: string | undefined = import.meta.env.VITE_ADMIN_API_URL): string {
  const base = new URL(configured?.trim() || "/admin-api", globalThis.location.href).href;
  return base.endsWith("/") ? base : `${base}/`;
}
