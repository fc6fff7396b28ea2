import { Agent, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { appRoutes as boardRoutes } from '@bull-board/api/dist/routes.js';
import type { INestApplication, Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RequestMethod } from '@nestjs/common/enums/request-method.enum.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { DiscoveryService, MetadataScanner, ModulesContainer, Reflector } from '@nestjs/core';
import { plainToInstance } from 'class-transformer';
import { getMetadataStorage } from 'class-validator';
import { OPS_API } from '@shop/contracts';
import { ADMIN_ROUTE, PUBLIC_ROUTE } from '../access/access.decorators.js';

/** Who may call a route: anyone, a signed-in user, or an admin (access.decorators.ts and the /api/admin/ path). */
export type Audience = 'everyone' | 'signedIn' | 'admin';

/** One method on one path the running api answers, with what its handler reads. */
export interface FuzzRoute {
  method: string;
  /** The path as Express matches it: `:name`, `{/:name}` (optional) and `{*name}` (the rest) are parameters. */
  path: string;
  audience: Audience;
  /** `Controller.handler` for Nest's routes; the mount point for an Express app mounted into the api. */
  owner: string;
  body?: Type;
  query?: Type;
}

interface ExpressLayer {
  name: string;
  rawPath?: unknown;
  route?: { path: string; methods: Record<string, boolean> };
}

const ADMIN_PATH_PREFIX = '/api/admin/';

/** Express's all() registers every method it knows (over thirty): GET and POST stand for them. */
const CATCH_ALL_METHODS = ['GET', 'POST'];
const isCatchAll = (methods: string[]) => methods.length >= 20;

/**
 * Express apps mounted into the api as middleware: Nest's router does not see their routes, so the
 * app's own route table is read here. A mount the api gains without an entry fails discovery.
 */
const MOUNTED_APP_ROUTES: Record<string, () => { method: string; path: string }[]> = {
  [OPS_API.board]: () => [
    ...[boardRoutes.entryPoint.route].flat().map((path) => ({ method: 'GET', path })),
    ...boardRoutes.api.flatMap(({ method, route }) =>
      [method].flat().flatMap((verb) => [route].flat().map((path) => ({ method: verb.toUpperCase(), path }))),
    ),
  ],
};

function joinPaths(...parts: string[]): string {
  return `/${parts
    .map((part) => part.replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/')}`;
}

/** A class whose fields class-validator checks: what a @Body() or @Query() DTO is. */
function isDto(type: unknown): type is Type {
  return typeof type === 'function' && getMetadataStorage().getTargetValidationMetadatas(type, '', true, false).length > 0;
}

/** Every handler of every controller, from the metadata Nest routes by. */
function nestHandlers(app: INestApplication): FuzzRoute[] {
  const reflector = new Reflector();
  const scanner = new MetadataScanner();
  const handlers: FuzzRoute[] = [];
  for (const controller of new DiscoveryService(app.get(ModulesContainer)).getControllers()) {
    const controllerClass = controller.metatype as Type | null;
    if (!controllerClass) continue;
    const prototype = controllerClass.prototype as Record<string, (...args: unknown[]) => unknown>;
    for (const name of scanner.getAllMethodNames(prototype)) {
      const handler = prototype[name]!;
      const methodPaths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
      if (methodPaths === undefined) continue;
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
      const parameterTypes = (Reflect.getMetadata('design:paramtypes', prototype, name) ?? []) as unknown[];
      const argumentsOf = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controllerClass, name) ?? {}) as Record<
        string,
        { index: number; data?: unknown }
      >;
      const wholeArgument = (kind: RouteParamtypes) => {
        const entry = Object.entries(argumentsOf).find(
          ([key, argument]) => key.split(':')[0] === String(kind) && argument.data === undefined,
        );
        const type = entry ? parameterTypes[entry[1].index] : undefined;
        return isDto(type) ? type : undefined;
      };
      const isPublic = reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, [handler, controllerClass]);
      const isAdminOnly = reflector.getAllAndOverride<boolean>(ADMIN_ROUTE, [handler, controllerClass]);
      for (const controllerPath of [Reflect.getMetadata(PATH_METADATA, controllerClass) as string | string[]].flat()) {
        for (const methodPath of [methodPaths].flat()) {
          const path = joinPaths(controllerPath, methodPath);
          handlers.push({
            method,
            path,
            audience: isPublic ? 'everyone' : isAdminOnly ? 'admin' : 'signedIn',
            owner: `${controllerClass.name}.${name}`,
            body: wholeArgument(RouteParamtypes.BODY),
            query: wholeArgument(RouteParamtypes.QUERY),
          });
        }
      }
    }
  }
  return handlers;
}

/** Admin by path (the access guard's rule), else what the handler says; routes outside Nest are open. */
function audienceOf(path: string, handler: FuzzRoute | undefined): Audience {
  if (path.toLowerCase().startsWith(ADMIN_PATH_PREFIX)) return 'admin';
  return handler?.audience ?? 'everyone';
}

/**
 * Every route the running api answers, read from its Express router: Nest's controllers (with the
 * audience and DTOs their metadata gives), what else Express serves (uploads, the web app), and the
 * routes of Express apps mounted under /api. A route Nest registered that Express does not answer,
 * or a mount without a known route table, throws.
 */
export function discoverRoutes(app: INestApplication): FuzzRoute[] {
  const stack = (app.getHttpAdapter().getInstance() as { router: { stack: ExpressLayer[] } }).router.stack;
  const handlers = nestHandlers(app);
  const unmatched = new Set(handlers);
  const routes: FuzzRoute[] = [];
  for (const layer of stack) {
    if (layer.route) {
      const declared = Object.keys(layer.route.methods)
        .filter((method) => method !== '_all')
        .map((method) => method.toUpperCase());
      const methods = isCatchAll(declared) ? CATCH_ALL_METHODS : declared;
      for (const method of methods) {
        const path = layer.route.path;
        // Express holds the path behind the global prefix (one segment, 'api').
        const handler = handlers.find(
          (candidate) =>
            candidate.method === method && path.endsWith(candidate.path) && /^\/[^/]+$/.test(path.slice(0, -candidate.path.length)),
        );
        if (handler) unmatched.delete(handler);
        routes.push({
          method,
          path,
          audience: audienceOf(path, handler),
          owner: handler?.owner ?? `express ${layer.name}`,
          body: handler?.body,
          query: handler?.query,
        });
      }
    } else if (typeof layer.rawPath === 'string' && layer.rawPath.startsWith('/api/') && !/[*{:]/.test(layer.rawPath)) {
      const mount = layer.rawPath;
      if (routes.some((route) => route.owner === `mounted at ${mount}`)) continue;
      const table = MOUNTED_APP_ROUTES[mount];
      if (!table) throw new Error(`An Express app is mounted at ${mount}: add its route table to MOUNTED_APP_ROUTES so it is fuzzed too`);
      for (const { method, path } of table())
        routes.push({ method, path: joinPaths(mount, path), audience: audienceOf(mount, undefined), owner: `mounted at ${mount}` });
    }
  }
  if (unmatched.size > 0)
    throw new Error(
      `Nest routes Express does not answer: ${[...unmatched].map((handler) => `${handler.method} ${handler.path}`).join(', ')}`,
    );
  return routes;
}

// ---------------------------------------------------------------------------------------------
// The corpus
// ---------------------------------------------------------------------------------------------

/** Numbers as an attacker writes them: other notations, outside every column's range, or no number at all. */
export const NUMBER_NOTATIONS = [
  '0x10',
  '1e3',
  '+5',
  ' 7',
  '7 ',
  '7.0',
  '0b11',
  '0o7',
  '1_0',
  '٧',
  '-1',
  '0',
  '-0',
  '007',
  '2147483648',
  '4294967296',
  '9007199254740993',
  `1${'0'.repeat(25)}`,
  '9'.repeat(400),
  'NaN',
  'Infinity',
  '-Infinity',
  'null',
  'true',
  '1,2',
];

/** Text that passes a naive length check but not the column, or that breaks code that assumes plain ASCII. */
function hostileTexts(maxLength: number): Record<string, string> {
  return {
    empty: '',
    blank: '   ',
    'one over the limit': 'x'.repeat(maxLength + 1),
    '70k characters': 'x'.repeat(70_000),
    '4-byte emoji at the limit': '🧸'.repeat(maxLength),
    'emoji presentation pairs at the limit': 'x\uFE0F'.repeat(maxLength),
    'combining marks': `e${'\u0301'.repeat(Math.min(maxLength, 500))}`,
    'NUL byte': 'toy\u0000car',
    'RTL override': '\u202Eyot\u202C',
    'lone surrogate': 'toy\uD83E',
    'zero-width joiners': '\u200D'.repeat(Math.min(maxLength, 200)),
  };
}

/** Values of the wrong type for any field, and numbers a column cannot hold. */
const WRONG_TYPES: Record<string, unknown> = {
  null: null,
  true: true,
  zero: 0,
  negative: -1,
  fraction: 0.5,
  'beyond INT UNSIGNED': 4_294_967_296,
  'beyond the safe integers': 2 ** 53 + 2,
  'written with an exponent': 1e21,
  'largest double': 1e308,
  'array of numbers': [1],
  'array of strings': ['a'],
  'empty array': [],
  'empty object': {},
  'object whose toString is not a function': { toString: 1, valueOf: 1 },
  'object nested 6 deep': { a: { a: { a: { a: { a: { a: 1 } } } } } },
};

/** For fields the DTO accepts and ignores (the old client's): a few values that would hurt if anything read them. */
const IGNORED_FIELD_VALUES: Record<string, unknown> = {
  '70k characters': 'x'.repeat(70_000),
  'object whose toString is not a function': { toString: 1, valueOf: 1 },
  'largest double': 1e308,
  'nested arrays': [[[[]]]],
};

/** The text a URL carries: already percent-encoded, including encodings no decoder accepts. */
function pathValues(): Record<string, string> {
  const encoded: Record<string, string> = Object.fromEntries(
    NUMBER_NOTATIONS.map((value) => [`number "${value}"`, encodeURIComponent(value)]),
  );
  return {
    ...encoded,
    emoji: encodeURIComponent('🧸🚂'),
    'combining marks': encodeURIComponent(`e${'\u0301'.repeat(50)}`),
    'RTL override': encodeURIComponent('\u202Eyot'),
    'NUL byte': '%00',
    'encoded slash': '..%2F..%2Fetc%2Fpasswd',
    'bad percent-encoding': '%E0%A4%A',
    'encoded lone surrogate': '%ED%A0%80',
    '5k characters': 'x'.repeat(5_000),
  };
}

function queryValues(): Record<string, string> {
  return { ...pathValues(), empty: '', 'NUL byte': 'toy%00car', '20k characters': 'x'.repeat(20_000) };
}

/** Nested `depth` deep: what JSON.parse takes and a recursive walk does not. */
function deeplyNested(depth: number, open: string, close: string, leaf = '1'): string {
  return `${open.repeat(depth)}${leaf}${close.repeat(depth)}`;
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

export type FuzzRole = 'guest' | 'shopper' | 'otherShopper' | 'admin';

/** The ids and values a role's requests name when a field or parameter is not the one being fuzzed. */
export interface FuzzBook {
  /** `Cookie` header of the role's session; none for a guest. */
  cookie?: string;
  /** Path parameters by name; `id` is resolved by the route (an order, a feature image or a product). */
  params: Record<string, string | number>;
  /** Body and query fields by name, where a DTO's rules do not say enough to make a plausible value. */
  fields: Record<string, unknown>;
  /** Values of this role's requests that name somebody else's data: a 2xx on one is a leak. */
  foreignIds?: Record<string, number>;
}

export interface FuzzCase {
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** Set when the request names another shopper's data through a parameter or a body field. */
  foreign: boolean;
  /** Set when the path names a record by something no id column holds: it must be refused. */
  notAnId?: boolean;
}

interface ValidationRule {
  propertyName: string;
  type: string;
  name?: string;
  constraints?: unknown[];
}

function rulesOf(dto: Type): Map<string, ValidationRule[]> {
  const rules = new Map<string, ValidationRule[]>();
  for (const rule of getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false) as ValidationRule[]) {
    rules.set(rule.propertyName, [...(rules.get(rule.propertyName) ?? []), rule]);
  }
  return rules;
}

/** The class a nested field is turned into (its @Type), found the way the validation pipe finds it. */
function nestedClassOf(dto: Type, field: string): Type | undefined {
  const sample = plainToInstance(dto, { [field]: [{}] }) as unknown as Record<string, unknown[]>;
  const element = sample[field]?.[0];
  const type = element && typeof element === 'object' ? (element.constructor as Type) : undefined;
  return type && type !== Object && isDto(type) ? type : undefined;
}

/** The longest text a field's rules let through, as they count it. */
function maxLengthOf(rules: ValidationRule[]): number {
  const limit = rules.find((rule) => rule.name === 'maxLength' || rule.name === 'maxCharacters')?.constraints?.[0];
  return typeof limit === 'number' ? limit : 300;
}

/** A DTO's length rules on text, nested DTOs' included: which field, which rule, what limit. */
export function textLengthRules(dto: Type): { dto: string; field: string; rule: string; limit: number }[] {
  return [...rulesOf(dto)].flatMap(([field, rules]) => {
    const own = rules
      .filter((rule) => rule.name === 'maxLength' || rule.name === 'maxCharacters')
      .map((rule) => ({ dto: dto.name, field, rule: rule.name!, limit: Number(rule.constraints?.[0]) }));
    const nested = nestedClassOf(dto, field);
    return [...own, ...(nested ? textLengthRules(nested) : [])];
  });
}

const isIgnored = (rules: ValidationRule[]) => rules.every((rule) => rule.type === 'whitelistValidation');

/** A value the field's rules accept (or the book's, when they cannot say): the rest of a request stays plausible. */
function plausibleValue(dto: Type, field: string, rules: ValidationRule[], book: FuzzBook): unknown {
  if (field in book.fields) return book.fields[field];
  const names = new Set(rules.map((rule) => rule.name));
  const allowed = rules.find((rule) => rule.name === 'isIn')?.constraints?.[0];
  if (Array.isArray(allowed)) return allowed[0];
  if (names.has('isInt')) return 1;
  if (names.has('isEmail')) return `fuzz-${Math.random().toString(36).slice(2)}@example.test`;
  if (names.has('isArray')) {
    const nested = nestedClassOf(dto, field);
    return nested ? [plausibleBody(nested, book)] : [];
  }
  if (names.has('isString') || names.has('isNotEmpty')) return 'Wooden train';
  return undefined;
}

/** A body every rule of the DTO accepts, as far as its rules and the book tell. */
export function plausibleBody(dto: Type, book: FuzzBook): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [field, rules] of rulesOf(dto)) {
    if (isIgnored(rules)) continue;
    const value = plausibleValue(dto, field, rules, book);
    if (value !== undefined) body[field] = value;
  }
  return body;
}

/** Each field of the DTO, in turn, given each wrong value; nested DTOs' fields too, inside an array of one. */
function fieldVariants(dto: Type, book: FuzzBook): { label: string; body: Record<string, unknown> }[] {
  const base = plausibleBody(dto, book);
  const variants: { label: string; body: Record<string, unknown> }[] = [];
  for (const [field, rules] of rulesOf(dto)) {
    const values = isIgnored(rules)
      ? IGNORED_FIELD_VALUES
      : {
          ...WRONG_TYPES,
          ...hostileTexts(maxLengthOf(rules)),
          ...Object.fromEntries(NUMBER_NOTATIONS.slice(0, 8).map((value) => [`"${value}"`, value])),
        };
    for (const [label, value] of Object.entries(values)) variants.push({ label: `${field}: ${label}`, body: { ...base, [field]: value } });
    if (!isIgnored(rules)) {
      const { [field]: _left, ...without } = base;
      variants.push({ label: `${field}: missing`, body: without });
    }
    const nested = nestedClassOf(dto, field);
    if (nested) {
      for (const inner of fieldVariants(nested, book))
        variants.push({ label: `${field}[0].${inner.label}`, body: { ...base, [field]: [inner.body] } });
    }
  }
  return variants;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Parameters that name a record by its auto-increment id. */
const ID_PARAMETER = /^id$|(?<!job)Id$/;
const INT_UNSIGNED_MAX = 4_294_967_295;

/** Decimal digits naming a number an INT UNSIGNED id column holds: the only text that is an id. */
function isIdText(encoded: string): boolean {
  return /^\d+$/.test(encoded) && Number(encoded) >= 1 && Number(encoded) <= INT_UNSIGNED_MAX;
}
const PARAMETER = /\{\/:(\w+)\}|\{\*(\w+)\}|:(\w+)/g;

function parametersOf(path: string): string[] {
  return [...path.matchAll(PARAMETER)].map((match) => (match[1] ?? match[2] ?? match[3])!);
}

function pathWith(path: string, values: Record<string, string | undefined>): string {
  return path.replace(PARAMETER, (whole, optional?: string, rest?: string, required?: string) => {
    if (optional) return values[optional] === undefined ? '' : `/${values[optional]}`;
    return values[(rest ?? required)!] ?? whole;
  });
}

/** The book's value of a path parameter; `id` means the record the route is about. */
function paramValue(name: string, path: string, book: FuzzBook): string {
  if (name === 'id') {
    const kind = /order/i.test(path) ? 'orderId' : /feature/i.test(path) ? 'featureImageId' : 'productId';
    return String(book.params[kind]);
  }
  return String(book.params[name] ?? '1');
}

function parsedOrUndefined(body: string | Buffer): unknown {
  try {
    return typeof body === 'string' ? (JSON.parse(body) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

function isForeign(book: FuzzBook, params: Record<string, string | undefined>, path: string, body: unknown): boolean {
  const foreign = Object.entries(book.foreignIds ?? {});
  const named = (name: string) => (name === 'id' ? (/order/i.test(path) ? 'orderId' : undefined) : name);
  const inPath = Object.entries(params).some(([name, value]) =>
    foreign.some(([field, id]) => named(name) === field && value === String(id)),
  );
  const fields = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  return inPath || foreign.some(([field, id]) => fields[field] === id);
}

/**
 * The malformed requests of one route for one role: every path parameter and query field given
 * each hostile value, every body field (as the DTO declares them) given each wrong type and text,
 * whole bodies of the wrong shape, depth and size, and bodies of other content types. Requests of
 * a role that are not about the parameter or field being fuzzed name the book's ids.
 */
export function casesFor(route: FuzzRoute, book: FuzzBook): FuzzCase[] {
  const cases: FuzzCase[] = [];
  const names = parametersOf(route.path);
  const baseParams = Object.fromEntries(names.map((name) => [name, encodeURIComponent(paramValue(name, route.path, book))]));
  const baseQuery = route.query ? plausibleBody(route.query, book) : {};
  const baseBody = route.body ? plausibleBody(route.body, book) : undefined;
  const cookie: Record<string, string> = book.cookie ? { cookie: book.cookie } : {};
  const hasBody = WRITE_METHODS.has(route.method);
  const add = (
    label: string,
    {
      params = baseParams,
      query = '',
      headers = {},
      body,
      bodyObject = baseBody,
    }: {
      params?: Record<string, string | undefined>;
      query?: string;
      headers?: Record<string, string>;
      body?: string | Buffer;
      bodyObject?: unknown;
    },
  ) => {
    const url = `${pathWith(route.path, params)}${query ? `?${query}` : ''}`;
    const sent = body ?? (hasBody && bodyObject !== undefined ? JSON.stringify(bodyObject) : undefined);
    const contentType: Record<string, string> = body === undefined && sent !== undefined ? { 'content-type': 'application/json' } : {};
    cases.push({
      label,
      method: route.method,
      url,
      headers: { ...cookie, ...contentType, ...headers },
      body: sent,
      foreign: isForeign(book, params, route.path, body === undefined ? bodyObject : parsedOrUndefined(body)),
    });
  };
  const queryOf = (fields: Record<string, unknown>) =>
    new URLSearchParams(
      Object.entries(fields).flatMap(([key, value]) =>
        value === undefined ? [] : [value].flat().map((part): [string, string] => [key, String(part)]),
      ),
    ).toString();

  add('plausible request', { query: queryOf(baseQuery) });
  // The book's own ids stand in the plausible request; each id of somebody else's goes in on its own too.
  for (const [name, id] of Object.entries(book.foreignIds ?? {})) {
    if (names.includes(name) && baseParams[name] !== String(id))
      add(`path :${name}: somebody else's`, { params: { ...baseParams, [name]: String(id) }, query: queryOf(baseQuery) });
    if (hasBody && baseBody && baseBody[name] !== id) add(`body ${name}: somebody else's`, { bodyObject: { ...baseBody, [name]: id } });
  }

  for (const name of names) {
    for (const [label, value] of Object.entries(pathValues())) {
      add(`path :${name}: ${label}`, { params: { ...baseParams, [name]: value }, query: queryOf(baseQuery) });
      cases.at(-1)!.notAnId = ID_PARAMETER.test(name) && !isIdText(value);
    }
    if (route.path.includes(`{/:${name}}`)) add(`path :${name}: left out`, { params: { ...baseParams, [name]: undefined } });
  }

  const queryFields = route.query ? [...rulesOf(route.query).keys()] : ['page'];
  for (const field of queryFields) {
    const values = route.query ? queryValues() : { 'number "0x10"': '0x10', 'NUL byte': '%00' };
    for (const [label, value] of Object.entries(values))
      add(`query ${field}: ${label}`, {
        query: [queryOf({ ...baseQuery, [field]: undefined }), `${field}=${value}`].filter(Boolean).join('&'),
      });
    add(`query ${field}: repeated`, { query: `${field}=1&${field}=2` });
  }
  add('query: unknown field and prototype keys', { query: 'fuzz=1&__proto__=x&constructor[prototype]=x&page[a]=1' });

  if (!hasBody) return cases;

  if (route.body) for (const variant of fieldVariants(route.body, book)) add(`body ${variant.label}`, { bodyObject: variant.body });

  const base = baseBody ?? {};
  const whole: Record<string, string> = {
    'empty object': '{}',
    'array instead of an object': '[]',
    'array of the plausible body': JSON.stringify([base]),
    'JSON null': 'null',
    'JSON string': '"text"',
    'JSON number': '123',
    'broken JSON': '{"title": ',
    'object nested 10,000 deep': deeplyNested(10_000, '{"a":', '}'),
    'array nested 10,000 deep': deeplyNested(10_000, '[', ']'),
    'a field nested 10,000 deep': `{"title":${deeplyNested(10_000, '[', ']')}}`,
    '200 kB body': JSON.stringify({ ...base, padding: 'x'.repeat(200_000) }),
    // A computed key makes "__proto__" an own field, as JSON.parse does.
    'prototype pollution': JSON.stringify({ ...base, ['__proto__']: { isAdmin: true } }),
    'constructor pollution': JSON.stringify({ ...base, constructor: { prototype: { isAdmin: true } } }),
    'unknown field': JSON.stringify({ ...base, fuzz: 1 }),
    'userId whose toString is not a function': JSON.stringify({ ...base, userId: { toString: 1, valueOf: 1 } }),
  };
  for (const [label, body] of Object.entries(whole)) add(`body: ${label}`, { body, headers: { 'content-type': 'application/json' } });

  const asText = JSON.stringify(base);
  const boundary = 'fuzzboundary';
  const multipart = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\n0x10\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="my_file"; filename="../../toy.jpg"\r\nContent-Type: image/jpeg\r\n\r\nnot a picture\r\n--${boundary}--\r\n`,
  );
  const contentTypes: Record<string, { type: string; body: string | Buffer }> = {
    'text/plain': { type: 'text/plain', body: asText },
    'form-urlencoded': { type: 'application/x-www-form-urlencoded', body: 'productId=0x10&quantity[a][b]=1&title=%00' },
    multipart: { type: `multipart/form-data; boundary=${boundary}`, body: multipart },
    'multipart without a boundary': { type: 'multipart/form-data', body: multipart },
    'JSON in UTF-16': { type: 'application/json; charset=utf-16le', body: Buffer.from(asText, 'utf16le') },
    'JSON in an unknown charset': { type: 'application/json; charset=klingon', body: asText },
    'no content type': { type: '', body: asText },
    XML: { type: 'application/xml', body: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY b "c">]><a>&b;</a>' },
  };
  for (const [label, { type, body }] of Object.entries(contentTypes))
    add(`content type: ${label}`, { body, headers: type ? { 'content-type': type } : {} });
  add('foreign Origin', { headers: { origin: 'https://evil.example' } });
  return cases;
}

/** Sessions a guest might send: none of them is one. */
export function guestHeaderCases(route: FuzzRoute): FuzzCase[] {
  const url = pathWith(route.path, Object.fromEntries(parametersOf(route.path).map((name) => [name, '1'])));
  const headers: Record<string, Record<string, string>> = {
    'session cookie of garbage': { cookie: 'toyduka_session=%E0%A4%A; other=%00' },
    'session cookie of 8k characters': { cookie: `toyduka_session=${'x'.repeat(8_000)}` },
    'session cookie with a NUL': { cookie: 'toyduka_session=abc%00def' },
    'bearer token of garbage': { authorization: 'Bearer ../../\u00e9' },
    'bearer token of 8k characters': { authorization: `Bearer ${'x'.repeat(8_000)}` },
    'forwarded-for of garbage': { 'x-forwarded-for': 'not-an-address, ::ffff:999.1.1.1' },
  };
  return Object.entries(headers).map(([label, extra]) => ({ label, method: route.method, url, headers: extra, foreign: false }));
}

// ---------------------------------------------------------------------------------------------
// Sending and judging
// ---------------------------------------------------------------------------------------------

export interface FuzzAnswer {
  status: number;
  body: string;
}

/** A raw HTTP client: supertest would re-encode paths and refuse some of these requests before sending them. */
export function fuzzClient(server: Server, concurrency: number) {
  const { port } = server.address() as AddressInfo;
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const send = (fuzzCase: FuzzCase): Promise<FuzzAnswer> =>
    new Promise((resolve) => {
      const headers: Record<string, string | number> = { ...fuzzCase.headers };
      if (fuzzCase.body !== undefined) headers['content-length'] = Buffer.byteLength(fuzzCase.body);
      const sent = httpRequest(
        { host: '127.0.0.1', port, agent, method: fuzzCase.method, path: fuzzCase.url, headers, timeout: 30_000 },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
          response.on('error', (error) => resolve({ status: 0, body: `response failed: ${error.message}` }));
        },
      );
      // The server may answer (413, 431) and close before the whole body is written.
      sent.on('error', (error: NodeJS.ErrnoException) =>
        resolve({ status: error.code === 'EPIPE' || error.code === 'ECONNRESET' ? -1 : 0, body: `request failed: ${error.message}` }),
      );
      sent.on('timeout', () => sent.destroy(new Error('no answer within 30 s')));
      sent.end(fuzzCase.body);
    });
  return {
    send,
    /** Sends every case, `concurrency` at a time, and hands each answer to `judge`. */
    async sendAll(cases: FuzzCase[], judge: (fuzzCase: FuzzCase, answer: FuzzAnswer) => void): Promise<void> {
      let next = 0;
      const lane = async () => {
        for (let index = next++; index < cases.length; index = next++) judge(cases[index]!, await send(cases[index]!));
      };
      await Promise.all(Array.from({ length: concurrency }, lane));
    },
    close: () => agent.destroy(),
  };
}

/** class-validator's own English: a DTO rule without a catalogue message, or the validator's structural checks. */
const VALIDATOR_TEXT =
  /should not exist|nested property|unknown value was passed|^each value in |must be (?:a string|an integer number|a number conforming|an email|a jwt string|an array|a boolean|an object)|must be (?:longer|shorter) than or equal to|must not be (?:less|greater) than|should not be empty|must be one of the following values|must contain (?:no more|at least)|must match .* regular expression/;

export function isValidatorText(message: string): boolean {
  return VALIDATOR_TEXT.test(message);
}

/** An answer's envelope, when it is one of the api's JSON answers: nothing of it is trusted to be there. */
export interface AnswerEnvelope {
  success?: unknown;
  code?: unknown;
  message?: unknown;
  data?: unknown;
}

/** What the answer says, when it is one of the api's JSON answers. */
export function messageOf(answer: FuzzAnswer): AnswerEnvelope | undefined {
  try {
    const parsed = JSON.parse(answer.body) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as AnswerEnvelope) : undefined;
  } catch {
    return undefined;
  }
}

/** A request as a failure report names it: short enough to read, long enough to send again. */
export function describeCase(role: FuzzRole, fuzzCase: FuzzCase, answer: FuzzAnswer, problem: string): string {
  const clip = (text: string, length: number) => (text.length > length ? `${text.slice(0, length)}… (${text.length} chars)` : text);
  const body = fuzzCase.body === undefined ? '' : ` body ${clip(fuzzCase.body.toString(), 160)}`;
  return `${problem}: ${answer.status} for ${role} ${fuzzCase.method} ${clip(fuzzCase.url, 160)} [${fuzzCase.label}]${body} → ${clip(answer.body, 200)}`;
}
