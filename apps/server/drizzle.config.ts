import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w @parley/server` writes a new SQL migration from changes to the tables in src/db/schema/.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
