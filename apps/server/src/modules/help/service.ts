import { type HelpResponse, helpArticlePath, TEXTS, type UiLanguage } from '@parley/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { helpArticles } from '../../db/schema/index.ts';

/** The article for a page in the language asked for, else the English one (fallback), else not found. */
export async function findHelpArticle(db: Db, pagePath: string, language: UiLanguage): Promise<HelpResponse> {
  const path = helpArticlePath(pagePath);
  const rows = await db
    .select()
    .from(helpArticles)
    .where(and(eq(helpArticles.path, path), inArray(helpArticles.language, [language, 'en'])));
  const wanted = rows.find((row) => row.language === language);
  const english = rows.find((row) => row.language === 'en');
  const article = wanted ?? english;
  if (!article) {
    return {
      status: 'not_found',
      message: TEXTS.help.notFound,
      fallback_used: false,
      language_used: null,
      available_in_en: false,
      article: null,
    };
  }
  const fallback = !wanted;
  return {
    status: fallback ? 'fallback' : 'found',
    message: fallback ? `No help in ${language} for this page yet; showing English.` : 'Help article found.',
    fallback_used: fallback,
    language_used: article.language,
    available_in_en: Boolean(english),
    article: { title: article.title, content: article.content },
  };
}
