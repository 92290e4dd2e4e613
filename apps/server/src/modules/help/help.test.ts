import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { helpRoutes, TEXTS, UI_LANGUAGES, type UiLanguage } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../../../test/client.ts';
import { type Client, signUp, startTestApp, type TestApp } from '../../../test/harness.ts';
import { helpArticles } from '../../db/schema/index.ts';
import { HELP_DOCS_DIR } from '../../paths.ts';
import { readHelpArticles, renderHelpMarkdown, syncHelpArticles } from './loader.ts';
import { helpSourceHash, loadHelpArticles } from './sync.ts';

let t: TestApp;
let client: Client;
let docsDir: string;

async function writeArticle(language: string, slug: string, pagePath: string, title: string, body: string) {
  await mkdir(path.join(docsDir, language), { recursive: true });
  await writeFile(
    path.join(docsDir, language, `${slug}.md`),
    `---\npath: ${pagePath}\ntitle: ${title}\n---\n${body}\n`,
  );
}

beforeAll(async () => {
  t = await startTestApp();
  client = await signUp(t.app);
  docsDir = await mkdtemp(path.join(tmpdir(), 'parley-help-'));
  await writeArticle('en', 'billing', '/projects/{id}/billing', 'Billing', '## Balance\n\nYour **balance**.');
  await writeArticle('de', 'billing', '/projects/{id}/billing', 'Abrechnung', 'Ihr *Guthaben*.');
  await writeArticle('en', 'profile', '/profile', 'Profile', 'Your profile.');
  await writeArticle('en', 'broken', '/broken', '', 'no title');
  await syncHelpArticles(t.ctx.db, await readHelpArticles(docsDir, t.ctx.logger));
});
afterAll(async () => {
  await t.close();
  await rm(docsDir, { recursive: true, force: true });
});

const help = (pagePath: string, language: UiLanguage) =>
  client.call(helpRoutes.article, { query: { path: pagePath, language } });

describe('help articles', () => {
  it('finds the article of a page in the language asked for, whatever the project id', async () => {
    const response = await help('/projects/42/billing', 'de');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'found',
      fallback_used: false,
      language_used: 'de',
      available_in_en: true,
      article: { title: 'Abrechnung', content: '<p>Ihr <em>Guthaben</em>.</p>' },
    });
  });

  it('falls back to English when the language has no article', async () => {
    const response = await help('/profile', 'uk');
    expect(response.json()).toMatchObject({
      status: 'fallback',
      fallback_used: true,
      language_used: 'en',
      article: { title: 'Profile' },
    });
  });

  it("answers 404 with the spec's text when the page has no article", async () => {
    const response = await help('/projects/3/analyses', 'en');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      status: 'not_found',
      message: TEXTS.help.notFound,
      article: null,
    });
  });

  it('skips files without a title and drops articles whose file is gone', async () => {
    expect((await help('/broken', 'en')).statusCode).toBe(404);
    await syncHelpArticles(
      t.ctx.db,
      (await readHelpArticles(docsDir, t.ctx.logger)).filter((a) => a.path !== '/profile'),
    );
    expect((await help('/profile', 'en')).statusCode).toBe(404);
  });

  it('needs a signed-in user', async () => {
    const response = await callRoute(t.app, helpRoutes.article, {
      query: { path: '/profile', language: 'en' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('renderHelpMarkdown', () => {
  it('keeps the allowed tags and strips scripts, handlers, images and unsafe links', () => {
    const html = renderHelpMarkdown(
      '# Title\n\n<script>alert(1)</script><img src=x onerror=alert(1)>\n\n' +
        '[ok](https://example.com) [bad](javascript:alert(1)) <b onclick="x()">bold</b>\n\n| a |\n|---|\n| b |',
    );
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<a href="https://example.com">ok</a>');
    expect(html).toContain('<b>bold</b>');
    expect(html).not.toMatch(/script|onerror|onclick|<img|javascript:|<table/);
  });
});

describe('the shipped articles', () => {
  it('all load, with a title and content, for the pages that exist', async () => {
    const articles = await readHelpArticles(HELP_DOCS_DIR, t.ctx.logger);
    const english = articles.filter((a) => a.language === 'en').map((a) => a.path);
    expect(english).toEqual(
      expect.arrayContaining([
        '/dashboard',
        '/projects/new',
        '/projects/{id}/dashboard',
        '/projects/{id}/edit',
        '/profile',
      ]),
    );
    for (const article of articles) expect(article.content.length).toBeGreaterThan(200);
  });

  it('exist in every interface language for every page English has', async () => {
    const articles = await readHelpArticles(HELP_DOCS_DIR, t.ctx.logger);
    const pathsIn = (language: string) =>
      articles
        .filter((a) => a.language === language)
        .map((a) => a.path)
        .sort();
    const english = pathsIn('en');
    for (const language of UI_LANGUAGES)
      expect({ language, paths: pathsIn(language) }).toEqual({ language, paths: english });
  });
});

describe('loading the articles on start', () => {
  const titleOf = async (pagePath: string) =>
    (await help(pagePath, 'en')).json().article?.title as string | undefined;

  it('loads them when their files changed since the last load, and only then', async () => {
    await loadHelpArticles(t.ctx.db, docsDir, t.ctx.logger);
    expect(await titleOf('/profile')).toBe('Profile');

    // Unchanged files: the database is left alone (an edit made there survives).
    await t.ctx.db.update(helpArticles).set({ title: 'Edited' }).where(eq(helpArticles.path, '/profile'));
    await loadHelpArticles(t.ctx.db, docsDir, t.ctx.logger);
    expect(await titleOf('/profile')).toBe('Edited');

    await writeArticle('en', 'profile', '/profile', 'Your profile', 'Name and password.');
    await loadHelpArticles(t.ctx.db, docsDir, t.ctx.logger);
    expect(await titleOf('/profile')).toBe('Your profile');
  });

  it('hashes names and contents of the files', async () => {
    const before = await helpSourceHash(docsDir);
    expect(await helpSourceHash(docsDir)).toBe(before);
    await writeArticle('fr', 'profile', '/profile', 'Profil', 'Votre profil.');
    expect(await helpSourceHash(docsDir)).not.toBe(before);
  });
});
