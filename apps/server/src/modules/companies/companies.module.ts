import { defineModule } from '../../lib/module.js';
import type { Storage } from '../../lib/storage.js';
import { companiesRoutes } from './companies.routes.js';
import type { CompaniesService } from './companies.service.js';

export const companiesModule = defineModule({
  name: 'companies',
  routes: async (
    app,
    { companies, storage }: { companies: CompaniesService; storage: Storage },
  ) => {
    await app.register(companiesRoutes, { companies, storage });
  },
});
