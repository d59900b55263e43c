import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` turns schema changes into a new plain-SQL migration under migrations/.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/platform/db/schema/index.ts',
  out: './migrations',
  casing: 'snake_case',
});
