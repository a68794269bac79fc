/**
 * A query built and compiled once, then run with new parameters (building and compiling the same
 * query shapes with Kysely on every call would be about a tenth of a placement's CPU).
 * `compiledOnce(build)` calls `build` once per dialect and shape with stand-ins for its parameters,
 * compiles it, notes where each stand-in landed in the compiled parameters, and from then on runs
 * that SQL text with the call's values in their places.
 *
 * The shape is the parameters' structure: an array (`in (...)`, rows of an insert) or a plain
 * object (an insert's row; keys whose value is undefined are left out, as Kysely does) gets a
 * template per length or key set; anything else is one value. So `build` must hand its parameters
 * to Kysely as they are (compare, insert, set), never branch on them or compute with them: what it
 * does with a stand-in is what every later call runs.
 *
 * Plugins still see each query (`transformQuery`, e.g. a test's statement counter) and its result;
 * a plugin that changes the query gets it compiled anew.
 */
import { type Compilable, type CompiledQuery, createQueryId, type Kysely, type QueryResult } from "kysely";
import type { Database } from "./schema";

/** Where a parameter's value is: the argument's index, then an index or key inside it. */
class Slot {
  constructor(readonly path: readonly (number | string)[]) {}

  valueIn(args: readonly unknown[]): unknown {
    let value: unknown = args;
    for (const step of this.path) value = (value as Record<string | number, unknown>)[step];
    return value;
  }
}

interface Template {
  compiled: CompiledQuery;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** The structure of a value (what decides the SQL text) and its stand-in for the template. */
function shapeOf(value: unknown, path: (number | string)[], depth: number): { key: string; standIn: unknown } {
  if (depth < 3 && Array.isArray(value)) {
    const parts = value.map((element, index) => shapeOf(element, [...path, index], depth + 1));
    return { key: `[${parts.map((part) => part.key).join(",")}]`, standIn: parts.map((part) => part.standIn) };
  }
  if (depth < 3 && isPlainObject(value)) {
    const keys = Object.keys(value).filter((key) => value[key] !== undefined);
    const parts = keys.map((key) => shapeOf(value[key], [...path, key], depth + 1));
    return {
      key: `{${keys.map((key, index) => `${key}:${parts[index]?.key}`).join(",")}}`,
      standIn: Object.fromEntries(keys.map((key, index) => [key, parts[index]?.standIn])),
    };
  }
  return { key: "", standIn: new Slot(path) };
}

function keyOf(value: unknown, depth: number): string {
  if (depth < 3 && Array.isArray(value)) return `[${value.map((element) => keyOf(element, depth + 1)).join(",")}]`;
  if (depth < 3 && isPlainObject(value)) {
    let key = "{";
    for (const name in value) if (value[name] !== undefined) key += `${name}:${keyOf(value[name], depth + 1)},`;
    return `${key}}`;
  }
  return "";
}

/** A compiledOnce query: run it, or compile it with the call's values to send with others (statement-batch.ts). */
export interface CompiledOnce<Args extends readonly unknown[], Row> {
  (db: Kysely<Database>, ...args: Args): Promise<QueryResult<Row>>;
  compile(db: Kysely<Database>, ...args: Args): CompiledQuery<Row>;
}

export function compiledOnce<Args extends readonly unknown[], Row>(
  build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>,
): CompiledOnce<Args, Row> {
  // Per dialect (the adapter is shared by a database, its transactions and its plugins' views).
  const templates = new WeakMap<object, Map<string, Template>>();
  const templateOf = (db: Kysely<Database>, args: Args): Template => {
    const executor = db.getExecutor();
    let byShape = templates.get(executor.adapter);
    if (byShape === undefined) {
      byShape = new Map();
      templates.set(executor.adapter, byShape);
    }
    let shape = "";
    for (const arg of args) shape += `${keyOf(arg, 0)};`;
    let template = byShape.get(shape);
    if (template === undefined) {
      const standIns = args.map((arg, index) => shapeOf(arg, [index], 0).standIn) as unknown as Args;
      // Without plugins: they see the query on every run below, not its template.
      template = { compiled: build(db.withoutPlugins(), ...standIns).compile() };
      byShape.set(shape, template);
    }
    return template;
  };
  const withValues = (compiled: CompiledQuery, args: Args) =>
    compiled.parameters.map((value) => (value instanceof Slot ? value.valueIn(args) : value));
  const run = async (db: Kysely<Database>, ...args: Args) => {
    const executor = db.getExecutor();
    const template = templateOf(db, args);
    const queryId = createQueryId();
    let compiled = template.compiled;
    const query = executor.transformQuery(compiled.query, queryId);
    if (query !== compiled.query) compiled = executor.compileQuery(query, queryId);
    const parameters = withValues(compiled, args);
    return executor.executeQuery<Row>({ query, queryId, sql: compiled.sql, parameters });
  };
  return Object.assign(run, {
    compile(db: Kysely<Database>, ...args: Args): CompiledQuery<Row> {
      const { compiled } = templateOf(db, args);
      return { ...compiled, queryId: createQueryId(), parameters: withValues(compiled, args) } as CompiledQuery<Row>;
    },
  });
}
