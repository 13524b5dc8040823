import type { Db } from '../../db/client.js';
import { defineModule, type SeedContext } from '../../lib/module.js';
import { __pluralCamel__Routes } from './__plural__.routes.js';
import { seed__Plural__ } from './__plural__.seed.js';
import { create__Plural__Service, type __Plural__Service } from './__plural__.service.js';

/** __label__ (docs/architecture.md "Names across the tiers"). */
export const __pluralCamel__Module = defineModule({
  name: '__plural__',
  services: ({ db }: { db: Db }) => ({ __pluralCamel__: create__Plural__Service({ db }) }),
  routes: async (app, { __pluralCamel__ }: { __pluralCamel__: __Plural__Service }) => {
    await app.register(__pluralCamel__Routes, { __pluralCamel__ });
  },
  seed: (ctx: SeedContext<{ __pluralCamel__: __Plural__Service }>) =>
    seed__Plural__(ctx.services.__pluralCamel__, {
      companyIds: ctx.companyIds,
      userId: ctx.userIds['admin@cava.example']!,
    }),
  exportSample: { path: '/api/__plural__', body: (text: string) => ({ nome: text, note: text }) },
});
