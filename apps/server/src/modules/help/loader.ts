import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { HELP_ALLOWED_TAGS, helpArticlePath, isUiLanguage, type UiLanguage } from '@parley/contracts';
import { notInArray, sql } from 'drizzle-orm';
import matter from 'gray-matter';
import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import type { Db } from '../../db/client.ts';
import { helpArticles } from '../../db/schema/index.ts';
import type { Logger } from '../../logger.ts';

export interface HelpArticleFile {
  path: string;
  language: UiLanguage;
  title: string;
  content: string;
}

/** Markdown to HTML that keeps only the allowed tags, and links with safe schemes. */
export function renderHelpMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true });
  return sanitizeHtml(html, {
    allowedTags: [...HELP_ALLOWED_TAGS],
    allowedAttributes: { a: ['href', 'title'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowProtocolRelative: false,
  }).trim();
}

/** Reads docs/help/<language>/*.md; each file has front matter `path` and `title`. */
export async function readHelpArticles(dir: string, logger: Logger): Promise<HelpArticleFile[]> {
  const articles: HelpArticleFile[] = [];
  const languages = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of languages) {
    if (!entry.isDirectory() || !isUiLanguage(entry.name)) continue;
    const language = entry.name;
    for (const file of await readdir(path.join(dir, language))) {
      if (!file.endsWith('.md')) continue;
      const source = await readFile(path.join(dir, language, file), 'utf8');
      const { data, content } = matter(source);
      if (typeof data.path !== 'string' || typeof data.title !== 'string' || !data.title.trim()) {
        logger.warn(
          { file: `${language}/${file}` },
          'Help article skipped: it needs front matter path and title',
        );
        continue;
      }
      articles.push({
        path: helpArticlePath(data.path),
        language,
        title: data.title.trim(),
        content: renderHelpMarkdown(content),
      });
    }
  }
  return articles;
}

/** Makes the database hold exactly the articles in the folder. */
export async function syncHelpArticles(db: Db, articles: HelpArticleFile[]): Promise<void> {
  await db.transaction(async (tx) => {
    if (articles.length > 0) {
      await tx
        .insert(helpArticles)
        .values(articles)
        .onConflictDoUpdate({
          target: [helpArticles.path, helpArticles.language],
          set: {
            title: sql`excluded.title`,
            content: sql`excluded.content`,
            updatedAt: sql`now()`,
          },
        });
    }
    const keys = articles.map((a) => `${a.language}:${a.path}`);
    const stale = sql`${helpArticles.language} || ':' || ${helpArticles.path}`;
    await (keys.length > 0
      ? tx.delete(helpArticles).where(notInArray(stale, keys))
      : tx.delete(helpArticles));
  });
}
