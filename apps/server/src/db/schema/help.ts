import { UI_LANGUAGES } from '@parley/contracts';
import { pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.ts';

/** Help articles, loaded from docs/help on start. `content` is sanitised HTML. */
export const helpArticles = pgTable(
  'help_articles',
  {
    id: serial('id').primaryKey(),
    path: text('path').notNull(),
    language: text('language', { enum: UI_LANGUAGES }).notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('help_articles_path_language_key').on(t.path, t.language)],
);

/**
 * A hash of files last loaded into the database, by what they are ('help_articles': docs/help), so an
 * unchanged folder is not loaded again on every start.
 */
export const loadedSources = pgTable('loaded_sources', {
  name: text('name').primaryKey(),
  hash: text('hash').notNull(),
  updatedAt: updatedAt(),
});
