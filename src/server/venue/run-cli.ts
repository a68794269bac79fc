/**
 * How the venue commands end (`npm run venue:import`, `venue:qr`): the exit status main() answers,
 * or 1 with the error on stderr (a configuration error as its message, anything else with its stack).
 */
import { ConfigError } from "../config";

export function runCli(main: () => Promise<number>): void {
  main().then(
    (status) => {
      process.exitCode = status;
    },
    (error: unknown) => {
      const text =
        error instanceof ConfigError
          ? error.message
          : error instanceof Error
            ? (error.stack ?? error.message)
            : String(error);
      process.stderr.write(`${text}\n`);
      process.exitCode = 1;
    },
  );
}
