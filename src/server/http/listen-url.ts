/**
 * The address to print for a server that listens on `host` (the printed links use the host the
 * server really listens on, so they open from where it is reachable). A wildcard host (0.0.0.0, ::)
 * is reachable from phones on the LAN, so the machine's first LAN address is the one to open there.
 */
import { networkInterfaces } from "node:os";

type Interfaces = ReturnType<typeof networkInterfaces>;

export function listenUrl(host: string, port: number, interfaces: Interfaces = networkInterfaces()): string {
  const shown = host === "0.0.0.0" || host === "::" ? (lanAddress(interfaces) ?? "localhost") : host;
  return `http://${shown.includes(":") ? `[${shown}]` : shown}:${port}`;
}

function lanAddress(interfaces: Interfaces): string | null {
  for (const addresses of Object.values(interfaces)) {
    const found = addresses?.find((address) => address.family === "IPv4" && !address.internal);
    if (found) return found.address;
  }
  return null;
}
