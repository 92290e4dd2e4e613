import { type KeywordTrackerCreateRequest, TRACKERS, type Tracker, trackerRoutes } from '@parley/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createProject, signUp, startTestApp, type TestApp } from '../../../test/harness.ts';
import { type Conversation, completedAnalysis, createTracker, hitsOf } from '../../../test/trackers.ts';
import { tasks, trackerHits } from '../../db/schema/index.ts';
import { saveSpeakerRoles } from '../tasks/commands.ts';
import { hitPosition } from './matching.ts';

let t: TestApp;
let owner: Client;
let projectId: number;

beforeAll(async () => {
  t = await startTestApp();
  owner = await signUp(t.app);
  projectId = await createProject(owner, 'Trackers matching');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** A call of one speaker per piece, 10 s each. */
const call = (texts: string[], extra: Partial<Conversation> = {}): Conversation => ({
  segments: texts.map((text, index) => ({
    start: index * 10,
    end: index * 10 + 10,
    speaker: index % 2 === 0 ? 'A' : 'B',
    text,
  })),
  roles: { A: 'representative', B: 'customer' },
  ...extra,
});

/** The pieces (indexes) of the analysis that hit the tracker; none when it did not hit. */
async function hitPieces(taskId: number, tracker: Tracker): Promise<(number | null)[]> {
  const hit = (await hitsOf(owner, projectId, taskId)).find((row) => row.tracker_id === tracker.id);
  return hit?.moments.map((moment) => moment.segment) ?? [];
}

async function tracker(name: string, body: Omit<KeywordTrackerCreateRequest, 'name'>) {
  return createTracker(owner, projectId, { name, ...body });
}

// Each fixture's hits and misses were checked by hand against PostgreSQL's Snowball stemmers (ts_debug).
describe('matching by language', () => {
  it('matches German on stems: "kündigen" finds "kündige" and "Kündigung", not "gekündigt"', async () => {
    const german = await tracker('Kündigung', { language: 'de', phrases: ['kündigen'] });
    const taskId = await completedAnalysis(
      t,
      projectId,
      call([
        'Ich möchte meinen Vertrag kündigen.',
        'Ich kündige zum Monatsende.',
        'Die Kündigung kam gestern.',
        'Ich habe schon gekündigt.',
        'Wir reden über den Preis.',
      ]),
    );
    expect(await hitPieces(taskId, german)).toEqual([0, 1, 2]);
  });

  it('matches Russian on stems: "отменить заказ" finds "отмените заказ", "отменил заказ"', async () => {
    const russian = await tracker('Отмена', { language: 'ru', phrases: ['отменить заказ'] });
    const taskId = await completedAnalysis(
      t,
      projectId,
      call([
        'Я хочу отменить заказ.',
        'Отмените заказ, пожалуйста.',
        'Я отменил заказ вчера.',
        // "отмена" stems to "отм", not "отмен": no hit.
        'Нужна отмена заказа.',
        'Заказ пришёл вовремя.',
      ]),
    );
    expect(await hitPieces(taskId, russian)).toEqual([0, 1, 2]);
  });

  it('matches Spanish and English on stems, a phrase word by word in order', async () => {
    const spanish = await tracker('Cancelar', { language: 'es', phrases: ['cancelar'] });
    const english = await tracker('Cancel', { language: 'en', phrases: ['cancel my subscription'] });
    const taskId = await completedAnalysis(
      t,
      projectId,
      call([
        'Quiero cancelar el servicio.',
        'Ya cancelé el contrato.',
        'La cancelación fue ayer.',
        'Todo funciona bien.',
        'She cancelled my subscriptions last week.',
        'My subscription, cancel it.',
      ]),
    );
    // Stems know no language: the Spanish stem of "cancelar" is the English word "cancel" too.
    expect(await hitPieces(taskId, spanish)).toEqual([0, 1, 2, 5]);
    // The phrase's words in their order ("my" is a stop word and may be any word): not "My subscription, cancel".
    expect(await hitPieces(taskId, english)).toEqual([4]);
  });

  it('matches Ukrainian, Polish and Bulgarian word for word in any case', async () => {
    const ukrainian = await tracker('Скасування', { language: 'uk', phrases: ['скасувати'] });
    const polish = await tracker('Anulowanie', { language: 'pl', phrases: ['anulować'] });
    const bulgarian = await tracker('Отказ', { language: 'bg', phrases: ['да откажа'] });
    const taskId = await completedAnalysis(
      t,
      projectId,
      call([
        'Хочу скасувати підписку.',
        'Скасуйте підписку!',
        'СКАСУВАТИ негайно',
        'Chcę anulować umowę.',
        'Anuluj zamówienie.',
        'Искам да откажа договора.',
        'Отказвам договора.',
      ]),
    );
    expect(await hitPieces(taskId, ukrainian)).toEqual([0, 2]);
    expect(await hitPieces(taskId, polish)).toEqual([3]);
    expect(await hitPieces(taskId, bulgarian)).toEqual([5]);
  });
});

describe('conditions', () => {
  it('takes only the asked speaker, and follows a reviewer changing the roles', async () => {
    const customer = await tracker('Price (customer)', {
      language: 'en',
      phrases: ['too expensive'],
      speaker: 'customer',
    });
    const representative = await tracker('Price (representative)', {
      language: 'en',
      phrases: ['too expensive'],
      speaker: 'representative',
    });
    const taskId = await completedAnalysis(
      t,
      projectId,
      call([
        'Some find it too expensive.',
        'It is too expensive for me.',
        'Nobody said it was too expensive.',
      ]),
    );
    expect(await hitPieces(taskId, customer)).toEqual([1]);
    expect(await hitPieces(taskId, representative)).toEqual([0, 2]);
    const [moment] = (await hitsOf(owner, projectId, taskId)).find(
      (row) => row.tracker_id === customer.id,
    )!.moments;
    expect(moment).toEqual({
      segment: 1,
      seconds: 10,
      role: 'customer',
      text: 'It is too expensive for me.',
    });

    await saveSpeakerRoles(t.ctx, taskId, {
      roles: { A: 'customer', B: 'representative' },
      source: 'reviewer',
      check: null,
      metrics: {},
    });
    expect(await hitPieces(taskId, customer)).toEqual([0, 2]);
    expect(await hitPieces(taskId, representative)).toEqual([1]);
  });

  it('takes the first or last seconds of a call', async () => {
    const first = await tracker('Greeting early', {
      language: 'en',
      phrases: ['hello'],
      window: { edge: 'first', seconds: 15 },
    });
    const last = await tracker('Greeting late', {
      language: 'en',
      phrases: ['hello'],
      window: { edge: 'last', seconds: 15 },
    });
    // Pieces at 0, 10, 20, 30 s; the call ends at 40 s: the last 15 s start at 25 s.
    const taskId = await completedAnalysis(
      t,
      projectId,
      call(['Hello!', 'Hello there.', 'Hello?', 'Hello, bye.']),
    );
    expect(await hitPieces(taskId, first)).toEqual([0, 1]);
    expect(await hitPieces(taskId, last)).toEqual([3]);
  });

  it('matches a chat without times anywhere, never in a window', async () => {
    const anywhere = await tracker('Refund', { language: 'en', phrases: ['refund'] });
    const early = await tracker('Refund early', {
      language: 'en',
      phrases: ['refund'],
      window: { edge: 'first', seconds: 60 },
    });
    const taskId = await completedAnalysis(t, projectId, {
      kind: 'text',
      segments: [
        { speaker: 'Anna', text: 'I would like a refund.' },
        { speaker: 'Agent', text: 'Refunds take three days.' },
      ],
      roles: { Anna: 'customer', Agent: 'representative' },
    });
    const [hit] = (await hitsOf(owner, projectId, taskId)).filter((row) => row.tracker_id === anywhere.id);
    expect(hit).toMatchObject({
      hits: 2,
      moments: [{ segment: 0, seconds: null, role: 'customer' }, { segment: 1 }],
    });
    expect(await hitPieces(taskId, early)).toEqual([]);
  });
});

describe('moments', () => {
  it('counts every hit, keeps the first moments and cuts long pieces around the hit', async () => {
    const word = await tracker('Warranty', { language: 'en', phrases: ['warranty'] });
    const long = `${'Lorem ipsum dolor sit amet. '.repeat(30)}The warranties are long. ${'Et cetera. '.repeat(30)}`;
    const pieces = Array.from({ length: TRACKERS.momentsMax + 5 }, (_, index) =>
      index === 0 ? long : `Warranty question ${index}.`,
    );
    const taskId = await completedAnalysis(t, projectId, call(pieces));
    const [hit] = (await hitsOf(owner, projectId, taskId)).filter((row) => row.tracker_id === word.id);
    expect(hit!.hits).toBe(TRACKERS.momentsMax + 5);
    expect(hit!.moments).toHaveLength(TRACKERS.momentsMax);
    expect(hit!.moments[0]!.text).toContain('The warranties are long.');
    expect(hit!.moments[0]!.text.length).toBeLessThanOrEqual(TRACKERS.momentTextMax + 2);
  });

  it('finds where a stemmed hit starts', () => {
    expect(hitPosition('Yes, I cancelled it.', 'cancel')).toBe(7);
    expect(hitPosition('Nein, ich kündige.', 'kündigen')).toBe(10);
    expect(hitPosition('Nothing here.', 'cancel')).toBe(0);
    expect(hitPosition('Anything', '"()')).toBe(0);
  });
});

describe('hostile phrases', () => {
  it('takes quotes and tsquery operators as text: they match their words or nothing', async () => {
    const hostile = await tracker('Hostile', {
      language: 'en',
      phrases: ['\'a\' & | ! : * ( ) "price"', '&|!:*()', "'); DROP TABLE trackers; --"],
    });
    const taskId = await completedAnalysis(t, projectId, call(['The price is fine.', 'Nothing to see.']));
    expect(await hitPieces(taskId, hostile)).toEqual([0]);
  });

  it('refuses a NUL in a phrase', async () => {
    const response = await owner.call(trackerRoutes.create, {
      params: { id: projectId },
      body: { name: 'Nul', language: 'en', phrases: ['bad\u0000word'] },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('failures', () => {
  it('completes an analysis whose hits cannot be written, and logs it', async () => {
    await tracker('Anything', { language: 'en', phrases: ['anything'] });
    // Writing hits failing for a moment: every statement that deletes or inserts hits raises.
    await t.ctx.db.execute(sql`CREATE FUNCTION hits_fail() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'hits cannot be written'; END $$`);
    await t.ctx.db.execute(sql`CREATE TRIGGER hits_fail BEFORE INSERT OR DELETE ON tracker_hits
      FOR EACH STATEMENT EXECUTE FUNCTION hits_fail()`);
    let taskId: number;
    try {
      taskId = await completedAnalysis(t, projectId, call(['Anything at all.']));
    } finally {
      await t.ctx.db.execute(sql`DROP TRIGGER hits_fail ON tracker_hits`);
      await t.ctx.db.execute(sql`DROP FUNCTION hits_fail()`);
    }
    const [task] = await t.ctx.db.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, taskId));
    expect(task?.status).toBe('completed');
    expect(await t.ctx.db.select().from(trackerHits).where(eq(trackerHits.taskId, taskId))).toEqual([]);
    expect(t.logs.some((line) => line.msg === 'Tracker hits of an analysis could not be recorded')).toBe(
      true,
    );
  });
});
