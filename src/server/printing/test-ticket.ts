/** A bar ticket for the printing tests, with the Greek a kitchen sees every day. */
import type { PrintableTicket } from "./ticket-bytes";

export function testTicket(overrides: Partial<PrintableTicket> = {}): PrintableTicket {
  return {
    storeName: "Καφέ Θάλασσα",
    stationName: "Μπαρ",
    spotName: "Ομπρέλα 12",
    dailyNumber: 34,
    waiterName: "Γιώργος",
    time: "28/11 18:05",
    lines: [
      {
        quantity: 2,
        grams: null,
        name: "Φρέντο εσπρέσο",
        options: ["Μέτριος", "Με κανέλα"],
        comment: "Χωρίς καλαμάκι",
      },
      { quantity: 1, grams: null, name: "Σαλάτα χωριάτικη", options: [], comment: "" },
      { quantity: 1, grams: 350, name: "Τσιπούρα", options: [], comment: "" },
    ],
    copy: false,
    canceled: false,
    ...overrides,
  };
}
