/**
 * Reads back a QR code printed by qrcode's small terminal renderer (half blocks with ANSI colours),
 * as a phone's camera would: each character is two modules stacked, dark where the half is drawn
 * in black. The bitmap is scaled up with a quiet zone and handed to jsQR.
 */
import jsQR from "jsqr";

// ESC [ n m: a colour (30 black, 37 white foreground) or 0, the reset.
const ESCAPE = new RegExp(`^${String.fromCharCode(27)}\\[(\\d+)m`);
const SCALE = 4;
const QUIET_ZONE = 4;

/** The modules of one printed code, row by row (true = dark). */
export function terminalQrModules(block: string): boolean[][] {
  const rows: boolean[][] = [];
  for (const line of block.split("\n")) {
    const top: boolean[] = [];
    const bottom: boolean[] = [];
    let foregroundBlack = false;
    let rest = line;
    while (rest.length > 0) {
      const colour = ESCAPE.exec(rest);
      if (colour) {
        const code = colour[1];
        if (code === "30") foregroundBlack = true;
        else if (code === "37" || code === "0") foregroundBlack = false;
        rest = rest.slice(colour[0].length);
        continue;
      }
      const char = rest[0];
      rest = rest.slice(1);
      top.push((char === "▀" || char === "█") && foregroundBlack);
      bottom.push((char === "▄" || char === "█") && foregroundBlack);
    }
    if (top.length === 0) continue;
    rows.push(top, bottom);
  }
  return rows;
}

/** The text the printed code holds, or null when jsQR finds no code. */
export function decodeTerminalQr(block: string): string | null {
  const modules = terminalQrModules(block);
  const width = Math.max(...modules.map((row) => row.length)) + 2 * QUIET_ZONE;
  const height = modules.length + 2 * QUIET_ZONE;
  const pixels = new Uint8ClampedArray(width * SCALE * height * SCALE * 4).fill(255);
  modules.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (!dark) return;
      for (let dy = 0; dy < SCALE; dy++) {
        for (let dx = 0; dx < SCALE; dx++) {
          const px = (x + QUIET_ZONE) * SCALE + dx;
          const py = (y + QUIET_ZONE) * SCALE + dy;
          const at = (py * width * SCALE + px) * 4;
          pixels[at] = 0;
          pixels[at + 1] = 0;
          pixels[at + 2] = 0;
        }
      }
    });
  });
  return jsQR(pixels, width * SCALE, height * SCALE)?.data ?? null;
}
