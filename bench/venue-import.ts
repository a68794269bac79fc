/**
 * Venue-import bench (the goal: "an import of a 500-item venue file under 2 s"): generates a venue
 * file of 500 items (10 categories of 50, one option group of 3 options on every fifth item, 40
 * spots, 5 staff with PINs) and times importVenue, the function `npm run venue:import` calls, from
 * the parsed file to the committed catalogue: the first run creates the store, the next ones
 * replace it. Median of 5 runs (BENCH_RUNS).
 *
 * Run: `npm run bench:venue-import` (a throwaway SQLite file), or on PostgreSQL:
 * `bash scripts/with-postgres.sh npm run bench:venue-import` (a throwaway database on that server).
 * Writes bench/results/<date>-venue-import-<dialect>.json.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { PUBLIC_IMAGES_DIR } from "../src/server/paths";
import { createTestDatabase } from "../src/server/test-support/test-database";
import { importVenue } from "../src/server/venue/import";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ITEMS = 500;
const PER_CATEGORY = 50;
const STORE = 900;
const TARGET_MS = 2000;

const names = (en: string) => ({ GRE: { name: `${en} (el)` }, ENG: { name: en } });

function benchVenue() {
  const categories = Array.from({ length: ITEMS / PER_CATEGORY }, (_, c) => ({
    id: 90_100 + c,
    names: names(`Category ${c + 1}`),
    items: Array.from({ length: PER_CATEGORY }, (_, i) => {
      const id = 900_000 + c * PER_CATEGORY + i;
      return {
        id,
        names: { GRE: { name: `Είδος ${id}`, details: "Περιγραφή" }, ENG: { name: `Item ${id}`, details: "Details" } },
        priceCents: 100 + ((c * PER_CATEGORY + i) % 40) * 50,
        ...(i % 5 === 0
          ? {
              groups: [
                {
                  id: id * 10,
                  names: names("Size"),
                  type: "RADIO_BUTTON",
                  mandatory: true,
                  options: [0, 1, 2].map((o) => ({
                    id: id * 10 + o + 1,
                    names: names(`Size ${o}`),
                    priceCents: o * 50,
                  })),
                },
              ],
            }
          : {}),
        ...(i % 7 === 0 ? { stock: { amount: 20 } } : {}),
      };
    }),
  }));
  return {
    store: {
      id: STORE,
      names: names("Bench venue"),
      contact: { email: "bench@example.com", phone: "+302100000000", address: "Bench 1" },
    },
    services: [
      {
        id: 90_001,
        slug: "bench",
        names: names("Bench"),
        type: "Catalog",
        availableAt: ["TABLE", "BEACH_CHAIR"],
        categories,
      },
    ],
    spots: Array.from({ length: 40 }, (_, s) => ({
      id: 90_500 + s,
      name: `Table ${s + 1}`,
      type: s < 20 ? "TABLE" : "BEACH_CHAIR",
      section: s < 20 ? "Terrace" : "Beach",
    })),
    staff: Array.from({ length: 5 }, (_, m) => ({
      id: 90_900 + m,
      name: `Staff ${m + 1}`,
      role: m === 0 ? "ADMIN" : "WAITER",
      pin: String(4000 + m),
    })),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

const loadAverageAtStart = loadavg();
const database = await createTestDatabase();
const runsMs: number[] = [];
try {
  for (let run = 0; run < RUNS; run++) {
    // A fresh parse each run, as the command line reads the file each time.
    const input: unknown = JSON.parse(JSON.stringify(benchVenue()));
    const started = performance.now();
    const outcome = await importVenue(database.db, input, { imagesDir: PUBLIC_IMAGES_DIR });
    const elapsed = performance.now() - started;
    if (!outcome.ok) throw new Error(`bench venue is invalid: ${JSON.stringify(outcome.issues.slice(0, 5))}`);
    runsMs.push(Math.round(elapsed));
    process.stdout.write(
      `run ${run + 1}: ${Math.round(elapsed)} ms (${outcome.summary.created ? "created" : "replaced"})\n`,
    );
  }
} finally {
  await database.destroy();
}

const result = {
  bench: "venue-import",
  date: new Date().toISOString(),
  dialect: database.dialect,
  items: ITEMS,
  runs: RUNS,
  runsMs,
  medianMs: median(runsMs),
  targetMs: TARGET_MS,
  withinTarget: median(runsMs) < TARGET_MS,
  machine: { cpus: cpus().length, loadAverageAtStart },
  note: "importVenue from the parsed file to the committed catalogue; run 1 creates the store, the others replace it",
};
mkdirSync("bench/results", { recursive: true });
const file = `bench/results/${result.date.slice(0, 10)}-venue-import-${database.dialect}.json`;
writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
process.stdout.write(`median ${result.medianMs} ms (target < ${TARGET_MS} ms) → ${file}\n`);
