import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w @parley/server` writes a new SQL migration from changes to src/db/schema.ts.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
