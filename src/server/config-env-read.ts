/**
 * Reads environment variables against an object schema of config-env.ts: each value trimmed
 * (unless `verbatim`), an empty one taken as unset, turned from text into the schema's type,
 * defaults filled in, then checked; a wrong value becomes one sentence naming the variable and
 * what it must be.
 */
import Type, { type Static, type TObject, type TSchema } from "typebox";
import Value from "typebox/value";
import { keywordsOf } from "./config-env";

export type Env = Readonly<Record<string, string | undefined>>;

export type EnvReading<Values> = { ok: true; values: Values } | { ok: false; problems: string[] };

const ON = new Set(["on", "true", "1", "yes"]);
const OFF = new Set(["off", "false", "0", "no"]);

/** `requiredWhen` finishes the sentence of a missing required variable (" when SMS_PROVIDER=twilio"). */
export function readEnv<Schema extends TObject>(
  schema: Schema,
  env: Env,
  requiredWhen = "",
): EnvReading<Static<Schema>> {
  const given: Record<string, unknown> = {};
  for (const [name, variable] of Object.entries(schema.properties)) {
    const text = givenText(env[name], variable);
    if (text !== undefined) given[name] = fromText(text, variable);
  }
  const values = Value.Default(schema, given) as Record<string, unknown>;
  const problems: string[] = [];
  // Each variable on its own, so that every wrong one is named, however many there are.
  for (const [name, variable] of Object.entries(schema.properties)) {
    const value = values[name];
    if (value === undefined) {
      if (!Type.IsOptional(variable)) problems.push(`${name} is required${requiredWhen}`);
      continue;
    }
    const [error] = Value.Errors(variable, value);
    if (error === undefined) continue;
    const path = error.instancePath.split("/").slice(1);
    const wrong = path.reduce<unknown>((part, key) => (part as Record<string, unknown>)[key], value);
    problems.push(problemOf(name, variable, wrong, error.message));
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, values: values as Static<Schema> };
}

function givenText(value: string | undefined, variable: TSchema): string | undefined {
  // A secret is used byte for byte, and a space may be part of it.
  const text = keywordsOf(variable).verbatim ? value : value?.trim();
  return text ? text : undefined;
}

/** The text as the schema's type when it reads as one; otherwise the text, which the check refuses. */
function fromText(text: string, variable: TSchema): unknown {
  if (Type.IsInteger(variable)) return /^\d+$/.test(text) ? Number(text) : text;
  if (Type.IsBoolean(variable)) {
    const word = text.toLowerCase();
    return ON.has(word) ? true : OFF.has(word) ? false : text;
  }
  if (Type.IsEnum(variable)) return text.toLowerCase();
  if (Type.IsArray(variable)) {
    const upper = keywordsOf(variable).upperCase === true;
    return text.split(",").map((part) => (upper ? part.trim().toUpperCase() : part.trim()));
  }
  return text;
}

function problemOf(name: string, variable: TSchema, wrong: unknown, fallback: string): string {
  const { rule, secret } = keywordsOf(variable);
  if (rule === undefined) return `${name} ${fallback}`;
  return secret ? `${name} must ${rule}` : `${name} must ${rule}, got "${String(wrong)}"`;
}
