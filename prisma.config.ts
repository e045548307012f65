import 'dotenv/config';
import { defineConfig } from 'prisma/config';

// `prisma generate` needs no database; Prisma's own migrate commands (where the schema engine
// is available) use DATABASE_URL.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://localhost:5432/siege' },
});
