/**
 * Security headers on every response, as @fastify/helmet writes them: a
 * Content-Security-Policy the PWA passes, no framing, no MIME sniffing, no referrer.
 *
 * The policy is written out in full (useDefaults: false) so that what a browser enforces is
 * what this file says:
 * - scripts only from this origin: index.html has no inline script and the app registers its
 *   service worker itself (sw/pwa-options.ts injectRegister: false), so no 'unsafe-inline';
 * - styles only from this origin: Vite emits CSS files, and React's `style` props are set
 *   through the DOM (CSSOM), which style-src does not govern; and the one `<style>` a
 *   server-rendered page carries (the build's own stylesheets, ssr/first-paint-styles.ts), allowed
 *   by the hash of its text, so no other inline style runs;
 * - images from this origin (the venue photos live under public/images, venues/README.md) and
 *   data: URLs (the staff login-link QR code is an inline SVG data URL);
 * - connections to this origin, including the STOMP WebSocket at /api/stomp. CSP Level 3 lets
 *   'self' match ws:/wss: on the same host (Chromium, Firefox, Safari 15.4+); older Safari does
 *   not, so the WebSocket origin is named too when PUBLIC_URL gives it. Without PUBLIC_URL (a
 *   demo on a LAN address not known in advance) 'self' alone: a WebSocket may go only to the
 *   page's own host, never to any host (an old Safari there falls back to polling, as on a
 *   dropped stream);
 * - frame-ancestors 'none' (and X-Frame-Options DENY for browsers without CSP 2).
 *
 * HSTS and upgrade-insecure-requests only when PUBLIC_URL is https: a LAN demo over plain http
 * would otherwise be told to upgrade requests to an https it does not serve.
 */
import helmet from "@fastify/helmet";
import Fastify from "fastify";

export interface SecurityHeadersOptions {
  /** PUBLIC_URL (config.publicUrl): where the app is served, or null when unknown. */
  publicUrl: string | null;
  /** Inline styles' hashes (`'sha256-…'`) style-src allows besides 'self'. */
  styleHashes?: readonly string[];
}

/** 180 days: long enough to matter, short enough to undo a move off HTTPS in one season. */
export const HSTS_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

export function servedOverHttps(publicUrl: string | null): boolean {
  return publicUrl?.toLowerCase().startsWith("https://") ?? false;
}

/** The WebSocket origins the app's STOMP client may connect to, besides 'self'. */
function webSocketSources(publicUrl: string | null): string[] {
  if (publicUrl === null) return [];
  const url = new URL(publicUrl);
  return [`${url.protocol === "https:" ? "wss:" : "ws:"}//${url.host}`];
}

export function contentSecurityPolicyDirectives(
  publicUrl: string | null,
  styleHashes: readonly string[] = [],
): Record<string, string[]> {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "script-src-attr": ["'none'"],
    "style-src": ["'self'", ...styleHashes],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...webSocketSources(publicUrl)],
    "worker-src": ["'self'"],
    "manifest-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  if (servedOverHttps(publicUrl)) directives["upgrade-insecure-requests"] = [];
  return directives;
}

/** What @fastify/helmet is told; the same for every response (no per-request nonces). */
export function helmetOptions(publicUrl: string | null, styleHashes: readonly string[] = []) {
  return {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicyDirectives(publicUrl, styleHashes) },
    // No includeSubDomains: a venue's other hosts (a booking site, a mail host) are not ours to pin.
    strictTransportSecurity: servedOverHttps(publicUrl)
      ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: false }
      : false,
    // Tokens appear in some app URLs (order links, login links): never send them on.
    referrerPolicy: { policy: "no-referrer" as const },
    xFrameOptions: { action: "deny" as const },
    // The admin service may live on another origin (VITE_ADMIN_API_URL); it answers CORS
    // requests, which Cross-Origin-Resource-Policy does not govern, so same-origin is safe here.
    crossOriginResourcePolicy: { policy: "same-origin" as const },
  };
}

/**
 * The headers helmet sets for these options, asked of helmet once: @fastify/helmet rebuilds its
 * middleware (parsing and formatting the whole policy again) and runs two hooks, one of them
 * async, on every request, which cost about a sixth of the server's CPU per cached menu answer
 * (bench/README.md). Without nonces its answer never varies, so a small Fastify of its
 * own runs helmet once at start-up and the headers it wrote on the raw response are kept, and
 * response-headers.ts sets them on every response.
 */
export async function helmetHeaders(
  publicUrl: string | null,
  styleHashes: readonly string[] = [],
): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  let headers: Record<string, string> = {};
  try {
    await probe.register(helmet, helmetOptions(publicUrl, styleHashes));
    probe.get("/", (_request, reply) => {
      headers = Object.fromEntries(
        Object.entries(reply.raw.getHeaders()).map(([name, value]) => [name, String(value)]),
      );
      reply.send("");
    });
    await probe.inject({ method: "GET", url: "/" });
  } finally {
    await probe.close();
  }
  if (headers["content-security-policy"] === undefined) throw new Error("helmet set no Content-Security-Policy");
  return headers;
}
