import type { Db } from '../../db/client.js';
import { defineModule } from '../../lib/module.js';
import type { RenderPool } from '../../lib/render-pool.js';
import type { Storage } from '../../lib/storage.js';
import { reportisticaRoutes } from './reportistica.routes.js';
import { createReportisticaService } from './reportistica.service.js';

/** PDF and XLSX reports, rendered on the reports' own thread (`reportPool`) so labels never wait behind one. */
export const reportisticaModule = defineModule({
  name: 'reportistica',
  routes: async (
    app,
    { db, storage, reportPool }: { db: Db; storage: Storage; reportPool: RenderPool },
  ) => {
    await app.register(reportisticaRoutes, {
      reportistica: createReportisticaService({ db, storage, renderPool: reportPool }),
    });
  },
});
