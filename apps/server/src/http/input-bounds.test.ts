import { adminRoutes, billingRoutes, projectRoutes, promptRoutes, uploadRoutes } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysed, scoredPrompt } from '../../test/change-requests.ts';
import { type Client, createProject, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { fund, multipart, wavBytes } from '../../test/uploads.ts';

// Issue 30, item 8: requests that answered 500 instead of 400. Years 0000, 0001 and 9999 in date filters
// (days from 1970-01-01 to 2999-12-31 are taken), `can-process?units=1e308`, a plan's `included_minutes: 1e308`,
// and `\ud800` in the multipart metadata of uploads and chunks.

let t: TestApp;
let superAdmin: Client;
let owner: Client;
let projectId: number;
let promptId: number;

beforeAll(async () => {
  t = await startTestApp();
  superAdmin = await signUp(t.app);
  owner = await signUp(t.app);
  projectId = await createProject(owner);
  await fund(t, projectId);
  // An analysis, so that the pages walk real days (a dashboard's trend runs from it to the range's end).
  const prompt = await scoredPrompt(t, owner, projectId, 'sum');
  promptId = prompt.id;
  await analysed(t, projectId, prompt, { department: 'Sales', representative: 'Ann' });
});
afterAll(() => t?.close());

/** The date filters of the routes the probe found, each with what else it needs. */
const dateFilters = () => {
  const project = `/api/projects/${projectId}`;
  const prompt = `prompt_id=${promptId}`;
  return [
    { url: `${project}/analyses?`, fields: ['from', 'to'] },
    { url: `${project}/analytics/dashboard?`, fields: ['from', 'to'] },
    { url: `${project}/analytics/fields?${prompt}&`, fields: ['from', 'to'] },
    { url: `${project}/analytics/explore?${prompt}&field=Tone&`, fields: ['from', 'to'] },
    { url: `${project}/analytics/checklist?${prompt}&`, fields: ['from', 'to'] },
    { url: `${project}/analytics/calibration?${prompt}&`, fields: ['from', 'to'] },
    { url: `${project}/change-requests?`, fields: ['from', 'to'] },
    { url: `${project}/insights/field-context?field=Tone&`, fields: ['start_date', 'end_date'] },
    { url: `${project}/billing/summaries/day?`, fields: ['day'] },
  ];
};

describe('a date filter', () => {
  it('answers 400 naming the field for years 0000, 0001 and 9999', async () => {
    for (const { url, fields } of dateFilters()) {
      for (const field of fields) {
        for (const day of ['0000-01-01', '0001-01-01', '9999-12-31']) {
          const response = await owner.request({ method: 'GET', url: `${url}${field}=${day}` });
          const answer = {
            url,
            field,
            day,
            status: response.statusCode,
            error: response.json().error?.field,
          };
          expect(answer).toEqual({ url, field, day, status: 400, error: field });
        }
      }
    }
  });

  it('takes its first and last days, 1970-01-01 and 2999-12-31, alone and as the widest range', async () => {
    for (const { url, fields } of dateFilters()) {
      const widest = fields.length === 2 ? `${fields[0]}=1970-01-01&${fields[1]}=2999-12-31` : null;
      const days = fields.flatMap((field) => [`${field}=1970-01-01`, `${field}=2999-12-31`]);
      const queries = [...days, ...(widest ? [widest] : [])];
      for (const query of queries) {
        const response = await owner.request({ method: 'GET', url: `${url}${query}` });
        expect({ url, query, status: response.statusCode }).toEqual({ url, query, status: 200 });
      }
    }
  });
});

describe('a number', () => {
  it('of units to check is finite and bounded: can-process?units=1e308 answers 400', async () => {
    for (const units of ['1e308', '99999999999999999999', 'Infinity', '0x10']) {
      const response = await owner.call(billingRoutes.canProcess, {
        params: { id: projectId },
        query: { units },
      });
      expect({ units, status: response.statusCode }).toEqual({ units, status: 400 });
      expect(response.json().error.field).toBe('units');
    }
    const fine = await owner.call(billingRoutes.canProcess, {
      params: { id: projectId },
      query: { units: '2.5' },
    });
    expect(fine.json().data.can_process).toBe(true);
  });

  it("of a plan's included minutes is bounded: 1e308 answers 400", async () => {
    for (const included_minutes of [1e308, '1e308', 2 ** 53 + 2]) {
      const response = await superAdmin.call(adminRoutes.createTariff, {
        body: { name: 'Huge', price: 10, price_per_minute: 0.05, included_minutes },
      });
      expect({ included_minutes, status: response.statusCode }).toEqual({ included_minutes, status: 400 });
      expect(response.json().error.field).toBe('included_minutes');
    }
  });
});

describe('the metadata of an upload', () => {
  const metadata = JSON.stringify({ Department: 'Sales\ud800', Representative: 'Ann' });

  it('with a lone surrogate answers 400 invalid_text, for a file and for a chunk', async () => {
    const file = await owner.call(uploadRoutes.file, {
      params: { id: projectId },
      form: multipart([
        { name: 'prompt_id', value: String(promptId) },
        { name: 'metadata', value: metadata },
        { name: 'file', filename: 'call.wav', contentType: 'audio/wav', data: wavBytes(0.2, 400) },
      ]),
    });
    expect(file.statusCode).toBe(400);
    expect(file.json().error).toMatchObject({ code: 'invalid_text', field: 'metadata.Department' });
    const chunk = await owner.call(uploadRoutes.chunk, {
      params: { id: projectId },
      form: multipart([
        { name: 'upload_id', value: 'surrogate-chunk' },
        { name: 'chunk_index', value: '0' },
        { name: 'chunk_total', value: '1' },
        { name: 'prompt_id', value: String(promptId) },
        { name: 'metadata', value: metadata },
        { name: 'file', filename: 'call.wav', contentType: 'audio/wav', data: wavBytes(0.2, 410) },
      ]),
    });
    expect(chunk.statusCode).toBe(400);
    expect(chunk.json().error).toMatchObject({ code: 'invalid_text', field: 'metadata.Department' });
  });
});

describe('a JSON body', () => {
  it('nested deeper than any input needs answers 400, also where the schema itself recurses', async () => {
    const levels = 10_000;
    const fields = `${'[{"key":"a","type":"object","content":'.repeat(levels)}[]${'}]'.repeat(levels)}`;
    const prompt = await owner.call(promptRoutes.create, {
      unchecked: true,
      params: { id: projectId },
      body: `{"scriptName":"Deep","content":${fields}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(prompt.statusCode).toBe(400);
    expect(prompt.json().error.code).toBe('too_deep');
    expect(prompt.json().error.field).toMatch(/^content\.0\.content\.0\./);
    const project = await owner.call(projectRoutes.create, {
      unchecked: true,
      body: `{"name":${'['.repeat(levels)}${']'.repeat(levels)}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(project.statusCode).toBe(400);
  });
});
