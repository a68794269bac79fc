import { render, screen } from "@testing-library/react";
import { lazy } from "react";
import { describe, expect, it, vi } from "vitest";
import { OptionalPart } from "./OptionalPart";

describe("an optional part of the shell (offline-first: a chunk that cannot load)", () => {
  it("whose code cannot load shows nothing, and the screen beside it stays", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const Unreachable = lazy(() => Promise.reject(new TypeError("Failed to fetch dynamically imported module")));
    render(
      <main>
        <h1>Το καλάθι μου</h1>
        <OptionalPart>
          <Unreachable />
        </OptionalPart>
      </main>,
    );
    await vi.waitFor(() => expect(console.error).toHaveBeenCalled());
    expect(screen.getByRole("heading", { name: "Το καλάθι μου" })).toBeTruthy();
    expect(screen.getByRole("main").childElementCount).toBe(1);
  });

  it("whose code loads shows it", async () => {
    const Offer = lazy(async () => ({ default: () => <p>Προσθήκη στην αρχική οθόνη</p> }));
    render(
      <OptionalPart>
        <Offer />
      </OptionalPart>,
    );
    expect(await screen.findByText("Προσθήκη στην αρχική οθόνη")).toBeTruthy();
  });
});
