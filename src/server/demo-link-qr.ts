/**
 * The demo links as QR codes in the terminal: whoever ran `npm start` points a
 * phone on the same network at the screen and opens a table, an umbrella or the PDA spot without
 * typing an address. The base URL is the LAN address (listen-url.ts) or PUBLIC_URL, so the code
 * leads somewhere a phone can reach.
 */
import QRCode from "qrcode";
import type { DemoLinkDto } from "../domain/api";

/** One label line, then the code in half-block characters (two modules a line, small enough for 80 columns). */
export async function demoLinkQrBlocks(links: readonly DemoLinkDto[], baseUrl: string): Promise<string[]> {
  if (links.length === 0) return [];
  const lines = ["Demo links as QR codes (scan with a phone on the same network):"];
  for (const link of links) {
    const url = `${baseUrl}${link.path}`;
    const label = link.kind === "pin" ? "staff PIN" : link.kind;
    const spot = link.spotName ? ` (${link.spotName})` : "";
    lines.push("", `  ${link.storeNames.ENG.name} — ${label}${spot}: ${url}`);
    // Medium error correction: a terminal screen photographed at an angle still reads.
    const block = await QRCode.toString(url, { type: "terminal", small: true, errorCorrectionLevel: "M" });
    lines.push(...block.replace(/\n+$/, "").split("\n"));
  }
  return lines;
}
