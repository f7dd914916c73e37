import type { FastifySerializerCompiler } from 'fastify';
import fastJsonStringify, { type Schema as FjsSchema } from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { $ZodType } from 'zod/v4/core';

/**
 * Response serialisation, compiled once per route instead of walked on every reply.
 *
 * fastify-type-provider-zod's serializer runs `safeEncode(schema, data)` and then JSON.stringify on every reply:
 * a tenth of a small API call went to walking the same zod schema again. Here each response schema made only of
 * shapes whose JSON is fixed by the schema alone (objects, arrays, records with plain keys, strings, numbers,
 * booleans, null, enums and literals, nullable, optional properties, unknown) is turned into the plain JSON Schema
 * fast-json-stringify (Fastify's own serializer) compiles to code. Like zod, that code only writes the properties
 * an object schema declares: a key the schema does not declare never reaches the client.
 *
 * Anything whose output the schema does not fix by shape alone stays on the zod serializer, as before: transforms,
 * pipes and codecs, defaults and catches, dates, overwrite checks (`.trim()`, `.toLowerCase()`), lazy and custom
 * schemas, tuples, intersections, unions other than of scalar literals, objects with a catchall, records with
 * checked keys.
 *
 * What changes for a compiled schema: the reply is no longer validated against it. Valid data gives the same JSON
 * byte for byte; data that breaks the schema (a wrong type) is written the way fast-json-stringify coerces it
 * instead of failing with a 500. A missing required property still fails. Under tests (`checked`) every compiled
 * reply is also run through the zod serializer and the two must agree byte for byte, so the whole API suite is a
 * proof of equivalence on real data.
 */

/** The part of JSON Schema (and fast-json-stringify's `nullable`) the conversion writes. */
export interface SerializationSchema {
  type?: 'string' | 'number' | 'boolean' | 'null' | 'object' | 'array';
  nullable?: boolean;
  properties?: Record<string, SerializationSchema>;
  required?: string[];
  additionalProperties?: false | SerializationSchema;
  items?: SerializationSchema;
}
type Compiled = SerializationSchema;
/** The JSON Schema fast-json-stringify needs for a zod schema, or null when its output is not fixed by its shape. */
export function serializationSchema(schema: $ZodType): Compiled | null {
  return convert(schema);
}

interface Def {
  type: string;
  checks?: { _zod: { def: { check: string } } }[];
  innerType?: $ZodType;
  element?: $ZodType;
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  keyType?: $ZodType;
  valueType?: $ZodType;
  entries?: Record<string, unknown>;
  values?: unknown[];
  options?: $ZodType[];
  mode?: string;
}

const def = (schema: $ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Checks that change the value (`.trim()`, `.toLowerCase()`, `.overwrite()`) make the output differ from the input. */
const overwrites = (d: Def) => (d.checks ?? []).some((check) => check._zod.def.check === 'overwrite');

function scalarType(value: unknown): 'string' | 'number' | 'boolean' | 'null' | null {
  if (value === null) return 'null';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'number' && Number.isFinite(value)) return 'number';
  if (typeof value === 'boolean') return 'boolean';
  return null;
}

/** One JSON type for a set of scalar values (with null allowed as `nullable`), or null when they mix types. */
function scalarSchema(types: Set<string>): Compiled | null {
  const nullable = types.delete('null');
  if (types.size === 0) return nullable ? { type: 'null' } : null;
  if (types.size !== 1) return null;
  const type = [...types][0] as 'string' | 'number' | 'boolean';
  return nullable ? { type, nullable: true } : { type };
}

function convert(schema: $ZodType): Compiled | null {
  const d = def(schema);
  if (overwrites(d)) return null;
  switch (d.type) {
    case 'string':
      return { type: 'string' };
    case 'number':
    case 'int':
      return { type: 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'null':
      return { type: 'null' };
    case 'unknown':
    case 'any':
      return {};
    case 'enum': {
      const types = new Set<string>();
      for (const value of Object.values(d.entries ?? {})) {
        const type = scalarType(value);
        if (type === null || type === 'null') return null;
        types.add(type);
      }
      return scalarSchema(types);
    }
    case 'literal': {
      const types = new Set<string>();
      for (const value of d.values ?? []) {
        const type = scalarType(value);
        if (type === null) return null;
        types.add(type);
      }
      return scalarSchema(types);
    }
    case 'union': {
      // Only unions of scalars of one type (with null): no guessing which branch an object belongs to.
      const types = new Set<string>();
      for (const option of d.options ?? []) {
        const converted = convert(option);
        if (!converted || Object.keys(converted).some((key) => key !== 'type' && key !== 'nullable')) return null;
        const type = converted.type;
        if (type !== 'string' && type !== 'number' && type !== 'boolean' && type !== 'null') return null;
        types.add(type);
        if (converted.nullable) types.add('null');
      }
      return scalarSchema(types);
    }
    case 'nullable': {
      const inner = d.innerType ? convert(d.innerType) : null;
      // A nullable unknown (no type) stays on zod.
      if (!inner || inner.type === undefined) return null;
      return inner.type === 'null' ? inner : { ...inner, nullable: true };
    }
    case 'readonly':
      return d.innerType ? convert(d.innerType) : null;
    case 'array': {
      // An optional element would be written as null by JSON.stringify: leave that to zod.
      if (!d.element || def(d.element).type === 'optional') return null;
      const items = convert(d.element);
      return items ? { type: 'array', items } : null;
    }
    case 'object': {
      if (d.catchall && def(d.catchall).type !== 'never') return null;
      const properties: Record<string, Compiled> = {};
      const required: string[] = [];
      for (const [key, value] of Object.entries(d.shape ?? {})) {
        const valueDef = def(value);
        const optional = valueDef.type === 'optional';
        const converted = optional ? (valueDef.innerType ? convert(valueDef.innerType) : null) : convert(value);
        if (!converted) return null;
        properties[key] = converted;
        // A key that may be absent (optional, or of any value at all) is written when present, else left out.
        if (!optional && converted.type !== undefined) required.push(key);
      }
      return { type: 'object', properties, required, additionalProperties: false };
    }
    case 'record': {
      if (!d.keyType || !d.valueType || d.mode === 'loose') return null;
      const keyDef = def(d.keyType);
      if (keyDef.type !== 'string' || (keyDef.checks ?? []).length > 0) return null;
      if (def(d.valueType).type === 'optional') return null;
      const value = convert(d.valueType);
      return value ? { type: 'object', additionalProperties: value } : null;
    }
    default:
      return null;
  }
}

function resolveSchema(maybeSchema: unknown): $ZodType | null {
  if (maybeSchema instanceof $ZodType) return maybeSchema;
  if (maybeSchema && typeof maybeSchema === 'object' && 'properties' in maybeSchema && maybeSchema.properties instanceof $ZodType) {
    return maybeSchema.properties;
  }
  return null;
}

export interface ResponseSerializerOptions {
  /** Run the zod serializer on every compiled reply too and fail when the two differ (tests). */
  checked?: boolean;
}

/** A compiled stringify for a route's response schema, or null when that schema stays on zod. */
export function compileResponseSchema(maybeSchema: unknown): ((data: unknown) => string) | null {
  const schema = resolveSchema(maybeSchema);
  const json = schema ? serializationSchema(schema) : null;
  if (!json) return null;
  // Compiled on the first reply, not at start: the app has some 1,700 response schemas and most tests use few.
  let stringify: ((data: unknown) => string) | undefined;
  return (data) => (stringify ??= fastJsonStringify(json as FjsSchema))(data);
}

/** What the compiler made of one route's response schema (tests walk these for every route of the app). */
export interface CompiledResponse {
  method: string;
  url: string;
  status: string;
  /** The zod schema as the route declared it. */
  schema: unknown;
  /** fast-json-stringify's code for it, or null when it stays on zod's serializer. */
  compiled: ((data: unknown) => string) | null;
  /** The zod serializer for the same schema (what replies went through before). */
  zod: (data: unknown) => string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every response schema the serializer compiler saw, with what it made of it (core/response-serializer.ts). */
    responseSerializers: CompiledResponse[];
  }
}

export function createResponseSerializerCompiler(options: ResponseSerializerOptions = {}): FastifySerializerCompiler<unknown> & {
  routes: CompiledResponse[];
} {
  const routes: CompiledResponse[] = [];
  const compiler = (route: Parameters<FastifySerializerCompiler<unknown>>[0]) => {
    const zod = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]) as (data: unknown) => string;
    const compiled = compileResponseSchema(route.schema);
    routes.push({ method: String(route.method), url: route.url, status: String(route.httpStatus), schema: route.schema, compiled, zod });
    if (!compiled) return zod;
    if (!options.checked) return compiled;
    return (data: unknown) => {
      const expected = zod(data);
      const actual = compiled(data);
      if (actual !== expected) {
        throw new Error(`compiled response serializer differs from zod for ${route.method} ${route.url} (${route.httpStatus}):\n${actual}\n${expected}`);
      }
      return actual;
    };
  };
  return Object.assign(compiler, { routes });
}
