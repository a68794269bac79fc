/**
 * Request validation with TypeBox, like @fastify/type-provider-typebox's compiler but stricter
 * when turning URL strings into numbers: its Value.Convert reads "1.5" and "1e3" as integers
 * (1 and 1000), so /api/tables/1.5 would answer for table 1. Here a path or query value becomes a
 * number only when it is written as one, canonically; anything else fails validation (400).
 */
import type { FastifySchemaCompiler } from "fastify";
import type { TSchema } from "typebox";
import { Compile } from "typebox/compile";

const INTEGER = /^-?(0|[1-9]\d*)$/;
const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?$/;

function convertScalar(schema: unknown, value: unknown): unknown {
  if (typeof value !== "string" || typeof schema !== "object" || schema === null || !("type" in schema)) return value;
  switch (schema.type) {
    case "integer":
      return INTEGER.test(value) ? Number(value) : value;
    case "number":
      return NUMBER.test(value) ? Number(value) : value;
    case "boolean":
      return value === "true" ? true : value === "false" ? false : value;
    default:
      return value;
  }
}

/** Params, querystring and headers are flat objects of strings. */
function convertFlatObject(schema: TSchema, value: unknown): unknown {
  if (typeof value !== "object" || value === null || !("properties" in schema)) return value;
  const properties = schema.properties as Record<string, unknown>;
  const converted: Record<string, unknown> = { ...value };
  for (const [key, propertySchema] of Object.entries(properties)) {
    if (key in converted) converted[key] = convertScalar(propertySchema, converted[key]);
  }
  return converted;
}

export const strictTypeBoxValidatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const validator = Compile(schema);
  return (value) => {
    const candidate = httpPart === "body" ? value : convertFlatObject(schema, value);
    return validator.Check(candidate) ? { value: candidate } : { error: validator.Errors(candidate) };
  };
};
