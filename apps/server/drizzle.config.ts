import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // every file of the folder: a module's table file is found without an edit of index.ts
  schema: './src/db/schema/*.ts',
  out: './migrations',
});
