import { anagraficaModule } from './modules/anagrafica/anagrafica.module.js';
import { automezziModule } from './modules/automezzi/automezzi.module.js';
import { authModule } from './modules/auth/auth.module.js';
import { bancateModule } from './modules/bancate/bancate.module.js';
import { blocchiModule } from './modules/blocchi/blocchi.module.js';
import { chatModule } from './modules/chat/chat.module.js';
import { codiciModule } from './modules/codici/codici.module.js';
import { collaudiModule } from './modules/collaudi/collaudi.module.js';
import { condivisioniModule } from './modules/condivisioni/condivisioni.module.js';
import { companiesModule } from './modules/companies/companies.module.js';
import { dashboardModule } from './modules/dashboard/dashboard.module.js';
import { ddtModule } from './modules/ddt/ddt.module.js';
import { fattureModule } from './modules/fatture/fatture.module.js';
import { etichetteModule } from './modules/etichette/etichette.module.js';
import { filesModule } from './modules/files/files.module.js';
import { lavorazioniLastreModule } from './modules/lavorazioni-lastre/lavorazioni-lastre.module.js';
import { lavorazioniPavimentiModule } from './modules/lavorazioni-pavimenti/lavorazioni-pavimenti.module.js';
import { lookupsModule } from './modules/lookups/lookups.module.js';
import { magazzinoModule } from './modules/magazzino/magazzino.module.js';
import { stockModule } from './modules/magazzino/stock.module.js';
import { photosModule } from './modules/photos/photos.module.js';
import { reportisticaModule } from './modules/reportistica/reportistica.module.js';
import { statisticheModule } from './modules/statistiche/statistiche.module.js';
import { systemModule } from './modules/system/system.module.js';
import { trasferimentiModule } from './modules/trasferimenti/trasferimenti.module.js';
import { usersModule } from './modules/users/users.module.js';

/**
 * Every module of the server, in order: a module's services may use those of the modules above it
 * (checked below), and its demo step runs after theirs (it sees the rows they made). Adding a module
 * is one line here; app.ts and the demo seed loop over the list.
 */
export const MODULES = [
  systemModule,
  authModule,
  usersModule,
  companiesModule,
  filesModule,
  lookupsModule,
  anagraficaModule,
  bancateModule,
  blocchiModule,
  magazzinoModule,
  lavorazioniLastreModule,
  lavorazioniPavimentiModule,
  stockModule,
  trasferimentiModule,
  collaudiModule,
  condivisioniModule,
  automezziModule,
  ddtModule,
  fattureModule,
  codiciModule,
  etichetteModule,
  reportisticaModule,
  statisticheModule,
  dashboardModule,
  photosModule,
  chatModule,
] as const;

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (
  i: infer I,
) => void
  ? I
  : never;
type ServicesOf<M> = M extends { services?: (deps: never) => infer S } ? S : never;

/** The domain services all the modules build together (createServices in services.ts). */
export type ModuleServices = UnionToIntersection<ServicesOf<(typeof MODULES)[number]>>;

/**
 * Each module's services need only what the modules above it built (`Built`): a module listed before
 * one it uses fails to compile here, naming it, instead of getting `undefined` at startup.
 */
type CheckOrder<L extends readonly unknown[], Built> = L extends readonly [infer M, ...infer Rest]
  ? M extends { name: infer N; services?: (deps: infer D) => infer S }
    ? [Built] extends [D]
      ? CheckOrder<Rest, Built & S>
      : `il modulo ${N & string} usa un servizio di un modulo elencato dopo di lui`
    : never
  : true;
export type ModulesInOrder<Core> = CheckOrder<typeof MODULES, Core>;
