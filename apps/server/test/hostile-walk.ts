import { type RouteDefinition, SESSION_LIFETIME_DEFAULTS } from '@parley/contracts';
import { z } from 'zod';
import { multipart, type Part } from './uploads.ts';

// The pieces of the hostile-input walk (hostile-inputs.test.ts): what a hostile caller sends, valid examples
// of a route's input read from its schemas, and the requests that put one hostile value into one place of
// an otherwise valid request.

/** Nesting of the deep-nesting variants (the issue's 10,000 levels). */
export const DEEP_LEVELS = 10_000;

/** What the fake Anthropic answers a prompt generation (a hostile text is still a task description). */
export const GENERATED_PROMPT = {
  scriptName: 'Walk',
  role: 'Sales',
  basicInstruction: 'Judge the call.',
  transcribeInstructions: '',
  companyDetails: '',
  responseLanguage: 'English',
  finalScore: 'sum',
  maxScore: null,
  content: [],
  metadataFields: ['Department', 'Representative'],
};

/** Text PostgreSQL cannot store: NUL and a lone surrogate. */
const UNSTORABLE = ['\u0000', '\ud800'];
/** Numbers written loosely, non-finite or beyond a column: text that once read as another id or overflowed. */
const LOOSE_NUMBERS = [
  '1e308',
  '-1e308',
  'NaN',
  'Infinity',
  '0x10',
  '1e0',
  '01',
  '1.0',
  '-1',
  '2147483648',
  '99999999999999999999',
];
/** Days, months and periods outside what PostgreSQL and JavaScript both represent alike. */
const ODD_DAYS = [
  '0000-01-01',
  '0001-01-01',
  '9999-12-31',
  '275760-09-13',
  '0000-01',
  '9999-12',
  '1970-01-01..9999-12-31',
];
const LONG_TEXT = 'x'.repeat(10_000);

/** Text a hostile caller puts where text goes: path segments, query values and form fields. */
export const HOSTILE_TEXTS: readonly string[] = [...UNSTORABLE, ...LOOSE_NUMBERS, ...ODD_DAYS, LONG_TEXT];

/** Fewer texts for each place of a JSON body and each cell of a CSV file (they are many): one of each kind. */
export const HOSTILE_TEXTS_SHORT: readonly string[] = [
  ...UNSTORABLE,
  '1e308',
  'NaN',
  '0x10',
  '01',
  '2147483648',
  '99999999999999999999',
  '0000-01-01',
  '9999-12-31',
  '275760-09-13',
  LONG_TEXT,
];

/**
 * Deeply nested JSON: `[[[…]]]` and `{"a":{"a":…}}`, DEEP_LEVELS deep. Held as a placeholder text that
 * jsonText writes out, since JSON.stringify itself cannot go that deep.
 */
const DEEP_JSON: Record<string, string> = {
  '\u0000deep-array': `${'['.repeat(DEEP_LEVELS)}${']'.repeat(DEEP_LEVELS)}`,
  '\u0000deep-object': `${'{"a":'.repeat(DEEP_LEVELS)}null${'}'.repeat(DEEP_LEVELS)}`,
};

/** JSON text of a value, with the deep-nesting placeholders written out. */
export function jsonText(value: unknown): string {
  let text = JSON.stringify(value);
  for (const [placeholder, deep] of Object.entries(DEEP_JSON)) {
    text = text.replaceAll(JSON.stringify(placeholder), deep);
  }
  return text;
}

/** JSON values a hostile caller puts in any place of a JSON body: the texts, odd numbers, wrong types. */
export function hostileJsonValues(): unknown[] {
  return [
    ...HOSTILE_TEXTS_SHORT,
    1e308,
    -1e308,
    2 ** 53 + 2,
    2_147_483_648,
    -1,
    1.5,
    true,
    null,
    [],
    {},
    ...Object.keys(DEEP_JSON),
  ];
}

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
};

/** A schema as JSON Schema of what callers send (transforms and defaults seen from the input side). */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Real ids of the walk's data, by the name of the input that carries one (`prompt_id`, `promptId`, …). */
export type IdOf = (name: string) => number | undefined;

/** The real id an input of this name carries (`prompt_id`, `task_ids`, …), from ids by their names in `ids`. */
export function idsByName(ids: Record<string, number | undefined>): IdOf {
  return (name) => {
    const byName: Record<string, string> = {
      project_id: 'projectId',
      prompt_id: 'promptId',
      promptId: 'promptId',
      default_prompt_id: 'promptId',
      task_id: 'taskId',
      user_id: 'userId',
      requester_id: 'userId',
      tariff_id: 'tariffId',
      connection_id: 'connectionId',
      integration_id: 'integrationId',
    };
    const key = byName[name];
    return key ? ids[key] : undefined;
  };
}

/**
 * A valid example of a JSON Schema: required properties only, one item in each list, the first of each
 * choice; ids are the walk's real ones (by name), dates and addresses well-formed. What no schema tells (a
 * pattern, a refinement) comes from the route's own example in the test.
 */
export function exampleOf(schema: JsonSchema, idOf: IdOf, defs = schema.$defs ?? {}, name = ''): unknown {
  if (schema.$ref) return exampleOf(defs[schema.$ref.replace('#/$defs/', '')] ?? {}, idOf, defs, name);
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  const choices = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (choices) {
    const choice = choices.find((option) => option.type !== 'null') ?? choices[0]!;
    return exampleOf(choice, idOf, defs, name);
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const id = idOf(name.replace(/s$/, ''));
  switch (type) {
    case 'object': {
      const example: Record<string, unknown> = {};
      for (const key of schema.required ?? []) {
        example[key] = exampleOf(schema.properties?.[key] ?? {}, idOf, defs, key);
      }
      return example;
    }
    case 'array':
      return schema.maxItems === 0 ? [] : [exampleOf(schema.items ?? {}, idOf, defs, name)];
    case 'integer':
    case 'number':
      return id ?? schema.minimum ?? (schema.exclusiveMinimum ?? 0) + 1;
    case 'boolean':
      return false;
    case 'string':
      if (id !== undefined) return String(id);
      if (schema.format === 'date') return '2026-03-09';
      if (schema.format === 'date-time') return '2026-03-09T15:00:00Z';
      if (schema.format === 'email' || name === 'email') return 'walker@example.com';
      if (schema.format === 'uri') return 'http://parley.test/walk';
      return 'Walk'.padEnd(schema.minLength ?? 0, 'x');
    default:
      return 'Walk';
  }
}

/**
 * JSON text of a body with the top-level property `name` set to a list of its own recursive item nested
 * DEEP_LEVELS deep through the property it recurses by (a prompt's fields in `content`), or null when that
 * property's items do not recurse: deep nesting that passes the first checks, unlike `[[[…]]]`.
 */
export function selfNestedBody(schema: JsonSchema, body: unknown, name: string, idOf: IdOf): string | null {
  const defs = schema.$defs ?? {};
  const defName = (ref: string | undefined) => ref?.replace('#/$defs/', '');
  const item = defName(
    choicesOf(schema).find((choice) => choice.properties?.[name])?.properties?.[name]?.items?.$ref,
  );
  const def = item ? defs[item] : undefined;
  const via = Object.entries(def?.properties ?? {}).find(
    ([, property]) => defName(property.items?.$ref) === item,
  )?.[0];
  if (!def || !via) return null;
  const hole = JSON.stringify({ ...(exampleOf(def, idOf, defs) as object), [via]: ['\u0000hole'] });
  const [open, close] = hole.split(JSON.stringify('\u0000hole')) as [string, string];
  const nested = `[${open.repeat(DEEP_LEVELS)}${close.repeat(DEEP_LEVELS)}]`;
  return JSON.stringify(withPlace(body, name, '\u0000hole')).replace(JSON.stringify('\u0000hole'), nested);
}

const choicesOf = (schema: JsonSchema) => schema.anyOf ?? schema.oneOf ?? [schema];

/** The dotted places of a JSON value (every nested property and item), the value itself as ''. */
export function placesOf(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return [prefix, ...Object.entries(value).flatMap(([key, item]) => placesOf(item, at(prefix, key)))];
}

const at = (prefix: string, key: string | number) => (prefix ? `${prefix}.${key}` : String(key));

/** A copy of `value` with the place `place` (dotted, '' for the whole) set to `replacement`. */
export function withPlace(value: unknown, place: string, replacement: unknown): unknown {
  if (place === '') return replacement;
  const [head, ...rest] = place.split('.') as [string, ...string[]];
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value)
    ? [...value]
    : { ...(value as Record<string, unknown>) };
  (copy as Record<string, unknown>)[head] = withPlace(
    (value as Record<string, unknown>)[head],
    rest.join('.'),
    replacement,
  );
  return copy;
}

/** The top-level properties of an object schema (of each choice of a union), for optional ones left out. */
export function propertiesOf(schema: JsonSchema): string[] {
  return [...new Set(choicesOf(schema).flatMap((choice) => Object.keys(choice.properties ?? {})))];
}

/**
 * Valid query and body of the routes whose schemas alone do not tell one (patterns, refinements, fields
 * that must name real things), with the real ids of `ids` (projectId, promptId, taskId, userId, …). Every
 * other route's example is made from its schemas.
 */
export function exampleInputs(
  ids: Record<string, number | undefined>,
): Record<string, Partial<Pick<RequestInput, 'query' | 'body'>>> {
  const period = '2026-03-01..2026-03-31';
  return {
    signUp: { body: { email: 'walker@example.com', password: 'correct horse battery staple' } },
    resetPassword: { body: { token: 'walk', password: 'correct horse battery staple' } },
    changePassword: {
      body: { current_password: 'not the password', new_password: 'correct horse battery staple' },
    },
    startGoogleSignIn: { body: { redirect_uri: 'http://parley.test/auth/google/callback' } },
    addSsoDomain: { body: { domain: 'walk-added.example.com' } },
    ssoSamlAcs: { body: { SAMLResponse: Buffer.from('<samlp:Response/>').toString('base64') } },
    exploreAnalyticsField: {
      query: { prompt_id: String(ids.promptId), field: 'Tone', group_by: 'representative' },
    },
    getManagerDashboard: { query: { prompt_id: String(ids.promptId), period } },
    getDailySummary: { query: { month: '2026-03' } },
    getDayTransactions: { query: { day: '2026-03-09' } },
    getInsightFieldContext: { query: { field: 'Tone' } },
    createChangeRequest: {
      body: { kind: 'field', items: [{ path: 'Tone', proposed_value: 2 }], reason: 'Kinder than that.' },
    },
    approveChangeRequest: { body: { values: { Objections: 4 } } },
    createTariffPlan: { body: { name: 'Walk', price: 10, price_per_minute: 0.05, included_minutes: 100 } },
    adjustBalance: { body: { type: 'credit', amount: 1, reason: 'Walk' } },
    requestTopUp: { body: { project_id: ids.projectId, amount: 10 } },
    addBlacklistEntry: { body: { project_id: ids.projectId, phone_number: '+15550002222' } },
    updateBlacklistEntry: { body: { phone_number: '+15550003333', note: 'Walk' } },
    createInvite: { body: { email: 'walk-invitee@example.com', role: 'user' } },
    createProject: { body: { name: 'Walk' } },
    // The defaults: the walk's own sessions must not end under a shorter idle timeout.
    setSessionLifetimes: { body: { ...SESSION_LIFETIME_DEFAULTS } },
    deleteProject: { body: { confirm_name: 'Not the name' } },
    createPrompt: { body: { scriptName: 'Walk', content: [{ key: 'Greeting', type: 'ok' }] } },
    updatePrompt: { body: { scriptName: 'Walk', content: [{ key: 'Greeting', type: 'ok' }] } },
    generatePrompt: { body: { taskDescription: 'Check the greeting.' } },
    uploadFromUrl: { body: { prompt_id: ids.promptId, url: 'http://127.0.0.1:9/call.wav' } },
    createDriveConnection: {
      body: { project_id: ids.projectId, redirect_uri: 'http://parley.test/auth/google-drive/callback' },
    },
    startDriveAuth: {
      body: { project_id: ids.projectId, redirect_uri: 'http://parley.test/auth/google-drive/callback' },
    },
    createDriveIntegration: {
      body: {
        project_id: ids.projectId,
        connection_id: ids.connectionId,
        folder_id: 'walk',
        structure_type: 'simple',
        prompt_id: ids.promptId,
      },
    },
    setSpeakerRoles: { body: { roles: { 'Channel 1': 'representative' } } },
    setTeamLeader: { body: { departments: ['Sales'], representatives: [] } },
    createInsight: { body: { question: 'How do the calls go?' } },
    createSamplingRule: { body: { name: 'Walk', kind: 'random', per_representative: 2 } },
    updateSamplingRule: {
      body: { name: 'Walk', kind: 'unsure', prompt_id: ids.promptId, field_path: 'Discovery.Budget' },
    },
    createCalibrationSession: {
      body: { task_id: ids.taskId, reviewer_ids: [ids.calibratorId, ids.userId] },
    },
    createWebhookEndpoint: { body: { url: 'https://127.0.0.1:9/hook', events: ['analysis.completed'] } },
    resendFailedWebhookDeliveries: { body: { since: '2026-03-01T00:00:00Z' } },
    createAutomationRule: {
      body: {
        name: 'Walk',
        trigger: 'analysis.completed',
        conditions: { prompt_id: ids.promptId, field: { path: 'Discovery.Budget', outcome: 'missed' } },
        actions: [{ type: 'webhook', endpoint_id: ids.endpointId }],
      },
    },
    updateAutomationRule: {
      body: {
        name: 'Walk',
        trigger: 'review.submitted',
        conditions: { department: 'Sales', score_below: 50, knocked_out: true },
        actions: [{ type: 'email', user_ids: [ids.userId] }],
      },
    },
    createReceiver: {
      body: {
        kind: 'twilio',
        name: 'Walk',
        prompt_id: ids.promptId,
        secret: 'walk-auth-token',
        mapping: [{ source: 'agent', metadata: 'Representative' }],
        date_source: 'RecordingStartTime',
      },
    },
    updateReceiver: {
      body: {
        name: 'Walk',
        secret: 'walk-token',
        mapping: [{ source: 'data.user.name', metadata: 'Representative' }],
      },
    },
    // The generic call event the document describes; the walk's receiver (Aircall) reads it before its token.
    createTracker: {
      body: {
        name: 'Walk tracker',
        language: 'de',
        phrases: ['kündigen', 'Vertrag beenden'],
        speaker: 'customer',
        window: { edge: 'last', seconds: 60 },
      },
    },
    updateTracker: { body: { name: 'Walk', phrases: ['cancel', 'refund'], window: null } },
    getTrackerStats: { query: { group_by: 'month', from: '2026-01-01', to: '2026-03-31' } },
    estimateTopicRun: { query: { start_date: '2026-03-01', end_date: '2026-03-31' } },
    startTopicRun: { body: { start_date: '2026-03-01', end_date: '2026-03-31' } },
    updateTopicSettings: { body: { monthly: false } },
    searchTranscripts: {
      query: {
        q: 'cancel my contract',
        speaker: 'customer',
        tracker_id: String(ids.trackerId),
        from: '2026-01-01',
        to: '2026-03-31',
      },
    },
    estimateTrackerApply: { query: { from: '2026-01-01', to: '2026-03-31' } },
    applyTracker: { body: { from: '2026-01-01', to: '2026-03-31' } },
    receiveCallEvent: {
      body: {
        recording_url: 'https://example.com/call.mp3',
        call_id: 'walk-1',
        agent: 'Ann',
        started_at: '2026-03-09',
      },
    },
    searchPersonData: { body: { kind: 'name', value: 'Walker' } },
    // An id of no analysis: the walk must not erase the rows other operations read.
    exportPersonData: { query: { task_ids: '2147483000' } },
    erasePersonData: {
      body: { task_ids: [2147483000], kind: 'phone', value: '+15550004444', confirm: true },
    },
    updatePrivacySettings: {
      body: {
        redaction_enabled: true,
        redaction_types: ['card_number'],
        redaction_keep: 'redacted',
        region: 'GB',
        media_retention_days: 30,
        result_retention_days: 365,
      },
    },
  };
}

/** How a route's path, query and body are filled in a request. */
export interface RequestInput {
  params: Record<string, string>;
  query: Record<string, string | string[]>;
  body?: unknown;
}

/** One request of the walk: a route with one hostile value in one place, and where that is. */
export interface Variant {
  route: RouteDefinition;
  /** Where the hostile value is, e.g. 'path taskId', 'query from', 'body items.0.proposed_value'. */
  place: string;
  input: RequestInput;
  /** A body other than JSON of input.body: raw text (oversized, malformed) or a multipart form. */
  raw?: { payload: string; contentType: string };
  form?: Part[];
}

/** A query value: text as it is, numbers and booleans as text, lists repeated. */
export function queryText(value: unknown): string | string[] {
  if (Array.isArray(value)) return value.map((item) => String(item));
  return String(value);
}

/** Every hostile request of a route whose valid input is `valid`. */
export function variantsOf(route: RouteDefinition, valid: RequestInput, idOf: IdOf): Variant[] {
  const variants: Variant[] = [];
  for (const name of Object.keys(valid.params)) {
    for (const text of HOSTILE_TEXTS) {
      variants.push({
        route,
        place: `path ${name}`,
        input: { ...valid, params: { ...valid.params, [name]: text } },
      });
    }
  }
  if (route.query) {
    const names = new Set([...Object.keys(valid.query), ...propertiesOf(jsonSchemaOf(route.query))]);
    for (const name of names) {
      for (const text of HOSTILE_TEXTS) {
        variants.push({
          route,
          place: `query ${name}`,
          input: { ...valid, query: { ...valid.query, [name]: text } },
        });
      }
      variants.push({
        route,
        place: `query ${name} repeated`,
        input: { ...valid, query: { ...valid.query, [name]: ['2026-03-09', '0x10'] } },
      });
    }
  }
  if (route.body) {
    const body = valid.body;
    const present = placesOf(body);
    const absent = propertiesOf(jsonSchemaOf(route.body)).filter((name) => !present.includes(name));
    for (const place of [...present, ...absent]) {
      for (const value of hostileJsonValues()) {
        variants.push({
          route,
          place: `body ${place || '(whole)'}`,
          input: { ...valid, body: withPlace(body, place, value) },
        });
      }
    }
    for (const name of propertiesOf(jsonSchemaOf(route.body))) {
      const payload = selfNestedBody(jsonSchemaOf(route.body), body, name, idOf);
      if (payload) {
        variants.push({
          route,
          place: `body ${name} nested in itself`,
          input: valid,
          raw: { payload, contentType: 'application/json' },
        });
      }
    }
    variants.push({
      route,
      place: 'body over the size limit',
      input: valid,
      raw: { payload: JSON.stringify({ padding: 'x'.repeat(1024 * 1024) }), contentType: 'application/json' },
    });
    variants.push({
      route,
      place: 'body malformed JSON',
      input: valid,
      raw: { payload: '{"a":', contentType: 'application/json' },
    });
    variants.push({
      route,
      place: 'body not JSON',
      input: valid,
      raw: { payload: 'walk', contentType: 'text/plain' },
    });
  }
  return variants;
}

// ---------- requests ----------

/** Percent-encodes text as UTF-8, a lone surrogate as the bytes it would have (as a hostile client can). */
function percentEncoded(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (/[A-Za-z0-9\-_.~]/.test(char)) out += char;
    else if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(char);
  }
  return out;
}

/** The address of a request: the route's path filled from input.params, and input.query. */
export function urlOf(origin: string, route: RouteDefinition, input: RequestInput): string {
  const pathname = route.path.replace(/:(\w+)/g, (_match, name: string) =>
    percentEncoded(input.params[name]!),
  );
  const pairs = Object.entries(input.query).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((item) => `${percentEncoded(name)}=${percentEncoded(item)}`),
  );
  return `${origin}/api${pathname}${pairs.length ? `?${pairs.join('&')}` : ''}`;
}

/** A multipart form's bytes and content type. */
function formBody(parts: Part[]): { payload: Buffer; contentType: string } {
  const { payload, headers } = multipart(parts);
  return { payload: payload as Buffer, contentType: String(headers?.['content-type']) };
}

/** The body of a variant's request and its content type: its form, its raw text, or input.body as JSON. */
function bodyOf(variant: Pick<Variant, 'input' | 'raw' | 'form'>): {
  payload: Buffer | string;
  contentType: string;
} | null {
  const { input, raw, form } = variant;
  if (form) return formBody(form);
  if (raw) return raw;
  return input.body !== undefined ? { payload: jsonText(input.body), contentType: 'application/json' } : null;
}

/** A variant's request with these headers (credentials). */
export function requestInit(variant: Variant, headers: Record<string, string>): RequestInit {
  const body = bodyOf(variant);
  if (!body) return { method: variant.route.method, headers };
  return {
    method: variant.route.method,
    headers: { ...headers, 'content-type': body.contentType },
    body: body.payload,
  };
}
