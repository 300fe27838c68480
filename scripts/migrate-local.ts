// npm run db:migrate:local: every D1 binding's migrations on the embedded state (STATE_DIR), the
// accounts database and each counting database (docs/decisions/0071), as npm start applies them.
import { applyMigrations } from './lib.ts';

applyMigrations('--local');
