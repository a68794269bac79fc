/**
 * The built app's stylesheets as one `<style>` in a server-rendered page's head, read once at the
 * server's start, with the CSP source that allows exactly that text (`'sha256-…'` in style-src,
 * never 'unsafe-inline').
 *
 * Why inline: a page's HTML is readable before any script, but linked stylesheets block its first
 * paint until each has come over a connection of its own; on slow 4G that is about a round trip
 * and a TCP handshake more before the guest sees anything (Lighthouse's render-blocking requests,
 * bench/README.md). The two files are about 4.5 kB brotli together, far less than a round trip.
 *
 * The links stay in the page, `disabled`: a browser neither fetches nor applies them, but Vite's
 * preload helper, which applies a lazy chunk's CSS before that chunk runs, finds them there and
 * neither adds nor waits for the same files again (hydration would otherwise wait for a download
 * of styles the page already has).
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";

export interface FirstPaintStyles {
  /** The `<style>` element: the shell's stylesheets' text, in the shell's order. */
  element: string;
  /** The CSP source that allows that element: `'sha256-…'`. */
  cspSource: string;
}

/** A stylesheet link of the built index.html, applied or preloaded (vite.config.ts's guest-menu CSS). */
export const SHELL_STYLESHEET_LINK =
  /<link rel="(?:stylesheet|preload" as="style)"([^>]*) href="(\/assets\/[^"]+\.css)">/g;

/**
 * The styles of `staticDir`'s index.html, or null when it links none, a file is missing, or a
 * text would end its element early (then a page links its stylesheets as the shell does).
 */
export function firstPaintStylesOf(staticDir: string): FirstPaintStyles | null {
  let shell: string;
  try {
    shell = readFileSync(path.join(staticDir, "index.html"), "utf8");
  } catch {
    return null;
  }
  const hrefs = [...shell.matchAll(SHELL_STYLESHEET_LINK)].map((match) => match[2] ?? "");
  if (hrefs.length === 0) return null;
  let text = "";
  for (const href of hrefs) {
    try {
      text += readFileSync(path.join(staticDir, href), "utf8");
    } catch {
      return null;
    }
  }
  // The HTML parser turns CR and CRLF into LF before the CSP hashes the text: hash what it sees.
  text = text.replace(/\r\n?/g, "\n");
  if (/<\/style/i.test(text)) return null;
  const hash = createHash("sha256").update(text, "utf8").digest("base64");
  return { element: `<style>${text}</style>`, cspSource: `'sha256-${hash}'` };
}

/**
 * The shell's head with `styles` inline where its first stylesheet was linked, and every
 * stylesheet link disabled (see above).
 */
export function withInlineStyles(shell: string, styles: FirstPaintStyles): string {
  let first = true;
  return shell.replace(SHELL_STYLESHEET_LINK, (_link, attributes: string, href: string) => {
    const disabled = `<link rel="stylesheet"${attributes} href="${href}" disabled>`;
    if (!first) return disabled;
    first = false;
    return `${styles.element}${disabled}`;
  });
}
