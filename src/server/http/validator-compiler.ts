/**
 * Request validation with TypeBox, like @fastify/type-provider-typebox's compiler but stricter
 * when turning URL strings into numbers: its Value.Convert reads "1.5" and "1e3" as integers
 * (1 and 1000), so /api/tables/1.5 would answer for table 1. Here a path or query value becomes a
 * number only when it is written as one, canonically; anything else fails validation (400).
 *
 * Which keys to convert, and into what, is worked out once per schema: every request runs
 * through this (a cached menu answer included), so it only walks the keys that can change.
 */
import type { FastifySchemaCompiler } from "fastify";
import type { TSchema } from "typebox";
import { Compile } from "typebox/compile";

const INTEGER = /^-?(0|[1-9]\d*)$/;
const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?$/;

type ScalarConversion = (value: string) => unknown;

const toInteger: ScalarConversion = (value) => (INTEGER.test(value) ? Number(value) : value);
const toNumber: ScalarConversion = (value) => (NUMBER.test(value) ? Number(value) : value);
const toBoolean: ScalarConversion = (value) => (value === "true" ? true : value === "false" ? false : value);

function scalarConversion(schema: unknown): ScalarConversion | undefined {
  if (typeof schema !== "object" || schema === null || !("type" in schema)) return undefined;
  switch (schema.type) {
    case "integer":
      return toInteger;
    case "number":
      return toNumber;
    case "boolean":
      return toBoolean;
    default:
      return undefined;
  }
}

/** Params, querystring and headers are flat objects of strings: a copy with the scalars converted. */
function flatObjectConversion(schema: TSchema): (value: unknown) => unknown {
  const properties = "properties" in schema ? (schema.properties as Record<string, unknown>) : {};
  const conversions: Array<[key: string, convert: ScalarConversion]> = [];
  for (const [key, propertySchema] of Object.entries(properties)) {
    const convert = scalarConversion(propertySchema);
    if (convert !== undefined) conversions.push([key, convert]);
  }
  if (conversions.length === 0) return (value) => value;
  return (value) => {
    if (typeof value !== "object" || value === null) return value;
    const converted: Record<string, unknown> = { ...value };
    for (const [key, convert] of conversions) {
      const raw = converted[key];
      if (typeof raw === "string") converted[key] = convert(raw);
    }
    return converted;
  };
}

export const strictTypeBoxValidatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const validator = Compile(schema);
  const convert = httpPart === "body" ? (value: unknown) => value : flatObjectConversion(schema);
  return (value) => {
    const candidate = convert(value);
    return validator.Check(candidate) ? { value: candidate } : { error: validator.Errors(candidate) };
  };
};
