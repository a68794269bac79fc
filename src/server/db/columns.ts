/**
 * Column types that must read back the same on SQLite and PostgreSQL.
 *
 * Booleans: PostgreSQL has a boolean type and returns true/false; SQLite has none and returns 0/1.
 * Both accept 0/1 on write (PostgreSQL parses the parameter "1" as true), so repositories always
 * write 0/1 with `toDbBoolean` and read with `fromDbBoolean`.
 *
 * JSON: kept as text on both, so what is written is exactly what is read back.
 *
 * Instants: ISO 8601 UTC text on both, so they sort and compare alike everywhere.
 */
import type { ColumnType } from "kysely";

export type BooleanColumn = ColumnType<boolean | number, number, number>;
export type OptionalBooleanColumn = ColumnType<boolean | number, number | undefined, number>;

/** JSON text; the type parameter documents what the text holds. */
export type JsonText<_Shape> = string;

/** An instant as ISO 8601 UTC text, e.g. 2026-11-22T10:00:00.000Z. */
export type IsoInstant = string;

export function toDbBoolean(value: boolean): number {
  return value ? 1 : 0;
}

export function fromDbBoolean(value: boolean | number): boolean {
  return value === true || value === 1;
}

export function toJsonText<Shape>(value: Shape): JsonText<Shape> {
  return JSON.stringify(value);
}

/** Parses JSON this application wrote itself (validated before it was stored). */
export function fromJsonText<Shape>(text: JsonText<Shape>): Shape {
  return JSON.parse(text) as Shape;
}

export function nowIso(): IsoInstant {
  return new Date().toISOString();
}
