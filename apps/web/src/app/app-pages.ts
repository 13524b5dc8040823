import { ENTITY_PAGES, type EntityKind } from '@gestcava/contracts';
import type { PageRule } from '@/lib/permissions';

/**
 * Every page under /app, as data: path (relative to /app), the rule its guard checks, and for a
 * module that arrives with a later issue, the title and what the page will hold (shown as an
 * empty state until then). The menu (layout/menu-model.ts) links to these paths.
 */
export type PageView =
  | 'dashboard'
  | 'profile'
  /** clienti and fornitori: list and detail (features/anagrafica) */
  | 'anagrafica'
  /** Ditte del gruppo (features/group-companies) */
  | 'group-companies'
  /** Impostazioni, admin (features/settings) */
  | 'settings'
  /** bancate: list and detail (features/bancate) */
  | 'bancate'
  /** blocchi and blocchi esterni: list and detail (features/blocchi) */
  | 'blocchi'
  /** Galleria Foto (features/photos) */
  | 'photo-gallery'
  /** the chat (features/chat) */
  | 'chat'
  /** Lavorazione → Lastre: sawings, list and detail (features/lavorazioni-lastre) */
  | 'lavorazioni-lastre'
  /** Magazzino → Lastre: the slabs tab and a slab's detail (features/magazzino-lastre) */
  | 'magazzino-lastre'
  /** Magazzino → Lastre: the bundles tab and a bundle's detail (features/magazzino-lastre) */
  | 'magazzino-pacchi'
  /** Lavorazione → Pavimenti: tile cuts, list and detail (features/lavorazioni-pavimenti) */
  | 'lavorazioni-pavimenti'
  /** Magazzino → Pavimenti: tile lots, list and detail (features/magazzino-pavimenti) */
  | 'magazzino-pavimenti'
  /** Vendita → Collaudi: list and detail (features/collaudi) */
  | 'collaudi'
  /** transfers between group companies: history (features/trasferimenti), not in the menu */
  | 'trasferimenti'
  /** stock on hand of both magazzini (features/giacenze), linked from their pages, not in the menu */
  | 'giacenze'
  /** Analisi Dati → Statistiche: sections by period, with charts and tables (features/statistiche) */
  | 'statistiche'
  /** Analisi Dati → Reportistica: the printable reports (features/reportistica) */
  | 'reportistica'
  /** a module whose issue has not landed yet: an empty state with title and contents */
  | 'placeholder';

export interface AppPage {
  path: string;
  rule: PageRule;
  title: string;
  view: PageView;
  icon: string;
  /** what the page will hold (placeholder text) */
  description?: string;
  features?: string[];
  /** detail route `<path>/:id`: the singular noun */
  detail?: string;
}

/** The path under /app of a kind's list page, from the one pages table (contracts/pages.ts). */
const pathOf = (kind: EntityKind) => ENTITY_PAGES[kind].path.slice('/app/'.length);

export const APP_PAGES: readonly AppPage[] = [
  {
    path: 'dashboard',
    rule: { page: 'dashboard' },
    title: 'Dashboard',
    view: 'dashboard',
    icon: 'pi pi-home',
  },
  {
    path: pathOf('bancata'),
    rule: { page: 'bancate' },
    title: 'Bancate',
    view: 'bancate',
    icon: 'pi pi-th-large',
    detail: 'bancata',
    description:
      'Il registro delle bancate abbattute in cava: da qui nasce la tracciabilità di ogni blocco.',
    features: [
      'Elenco con ricerca, filtri per cava, fronte e periodo, totali in m³',
      'Scheda della bancata con dimensioni, volume, foto e blocchi ricavati',
      'Registrazione di una nuova bancata e della sua riquadratura in blocchi',
    ],
  },
  {
    path: 'photo-gallery',
    rule: { page: 'photo-gallery' },
    title: 'Galleria Foto',
    view: 'photo-gallery',
    icon: 'pi pi-images',
    description: 'Tutte le foto di bancate e blocchi della ditta, in un unico archivio.',
    features: [
      'Griglia paginata con ricerca per codice e filtro bancata/blocco',
      'Anteprima a schermo intero e scaricamento degli originali',
      'Collegamento alla scheda del blocco o della bancata',
    ],
  },
  {
    path: 'reportistica',
    rule: { page: 'statistiche' },
    title: 'Reportistica',
    view: 'reportistica',
    icon: 'pi pi-file-pdf',
    description: 'Report stampabili (PDF) e fogli di calcolo (XLSX) per la direzione e il commercialista.',
    features: [
      'Registro produzione e giacenze di magazzino',
      'Vendite per cliente, rese di segagione, tonnellate per cava',
      'Blocchi per tracciabilità, qualità e categoria',
    ],
  },
  {
    path: 'chat',
    rule: { page: 'chat' },
    title: 'Chat',
    view: 'chat',
    icon: 'pi pi-comments',
    description: 'I messaggi tra i colleghi del gruppo, con allegati e conferme di lettura.',
    features: [
      'Conversazioni dirette con gli utenti del gruppo',
      'Allegati: foto, PDF e documenti Office',
      'Notifiche dei nuovi messaggi quando non sei nella chat',
    ],
  },
  {
    path: pathOf('blocco'),
    rule: { page: 'blocchi' },
    title: 'Blocchi',
    view: 'blocchi',
    icon: 'pi pi-stop',
    detail: 'blocco',
    description: 'I blocchi estratti in cava, dal piazzale alla vendita o alla segagione.',
    features: [
      'Elenco con filtri per stato, materiale, scelta e ubicazione, totali in m³ e t',
      'Scheda con misure, genealogia (bancata, lastre, collaudo, cliente), foto e storico',
      'Cambi di stato: disponibile, opzionato, in collaudo, venduto, in segagione',
    ],
  },
  {
    path: pathOf('blocco-esterno'),
    rule: { page: 'blocchi-esterni' },
    title: 'Blocchi Esterni',
    view: 'blocchi',
    icon: 'pi pi-truck',
    detail: 'blocco esterno',
    description: 'I blocchi acquistati da altre cave o fornitori.',
    features: [
      'Elenco dei blocchi acquistati con fornitore, documento e prezzo',
      'Scheda con misure, foto e destinazione (segagione o rivendita)',
    ],
  },
  {
    path: pathOf('lavorazione-lastre'),
    rule: { page: 'lavorazione-lastre' },
    title: 'Lavorazione Lastre',
    view: 'lavorazioni-lastre',
    icon: 'pi pi-clone',
    detail: 'lavorazione',
    description: 'Le segagioni dei blocchi in lastre, al telaio o in conto terzi.',
    features: [
      'Pianificazione della segagione: blocco, telaio, spessore, finitura',
      'Chiusura con le lastre ottenute, m² e resa per m³',
      'Carico automatico del magazzino lastre',
    ],
  },
  {
    path: pathOf('lavorazione-pavimenti'),
    rule: { page: 'lavorazione-pavimenti' },
    title: 'Lavorazione Pavimenti',
    view: 'lavorazioni-pavimenti',
    icon: 'pi pi-table',
    detail: 'lavorazione',
    description: 'La produzione di pavimenti e marmette dai blocchi o dalle lastre.',
    features: [
      'Formato, spessore, finitura, bordo e calibratura',
      'Pezzi e m² prodotti, scarto e resa',
      'Carico di un lotto nel magazzino pavimenti',
    ],
  },
  {
    path: pathOf('lastra'),
    rule: { page: 'magazzino-lastre' },
    title: 'Magazzino Lastre',
    view: 'magazzino-lastre',
    icon: 'pi pi-clone',
    detail: 'lastra',
    description: 'Le lastre in giacenza, per pacco e per singola lastra.',
    features: [
      'Pacchi con materiale, spessore, finitura, m² e ubicazione',
      'Riserve e vendite per lastra o per pacco intero',
      'Movimenti di magazzino: carichi, scarichi, rettifiche',
    ],
  },
  {
    path: pathOf('pacco'),
    rule: { page: 'magazzino-lastre' },
    title: 'Magazzino Lastre',
    view: 'magazzino-pacchi',
    icon: 'pi pi-box',
    detail: 'pacco',
  },
  {
    path: pathOf('lotto'),
    rule: { page: 'magazzino-pavimenti' },
    title: 'Magazzino Pavimenti',
    view: 'magazzino-pavimenti',
    icon: 'pi pi-table',
    detail: 'lotto',
    description: 'I pavimenti in giacenza, per lotto (un tono per lotto).',
    features: [
      'Lotti con formato, finitura, pezzi, casse e m²',
      'Prelievi parziali per pezzi, casse o m²',
      'Movimenti di magazzino e disponibilità',
    ],
  },
  {
    path: pathOf('collaudo'),
    rule: { page: 'collaudi' },
    title: 'Collaudi',
    view: 'collaudi',
    icon: 'pi pi-check-square',
    detail: 'collaudo',
    description: "Le ispezioni dei blocchi con il compratore prima della vendita.",
    features: [
      'Programmazione del collaudo: cliente, luogo, data, ispettore',
      'Misure rilevate, abbuoni, esito per blocco e importi',
      'Verbale di collaudo in PDF',
    ],
  },
  {
    path: 'pages/statistiche',
    rule: { page: 'statistiche' },
    title: 'Statistiche',
    view: 'statistiche',
    icon: 'pi pi-chart-line',
    description: 'Andamento di produzione, lavorazione, vendite e magazzino.',
    features: [
      'Produzione per periodo, cava e materiale',
      'Rese di segagione e vendite per cliente',
      'Grafici e tabelle esportabili',
    ],
  },
  {
    path: pathOf('cliente'),
    rule: { page: 'clienti' },
    title: 'Clienti',
    view: 'anagrafica',
    icon: 'pi pi-users',
    detail: 'cliente',
    description: "L'anagrafica dei clienti, italiani ed esteri.",
    features: [
      'Ragione sociale, partita IVA e codice fiscale verificati',
      'Indirizzo, contatti, PEC, codice SDI e condizioni di pagamento',
      'Collaudi e vendite del cliente',
    ],
  },
  {
    path: pathOf('fornitore'),
    rule: { page: 'fornitori' },
    title: 'Fornitori',
    view: 'anagrafica',
    icon: 'pi pi-briefcase',
    detail: 'fornitore',
    description: "L'anagrafica dei fornitori e dei terzisti.",
    features: [
      'Ragione sociale, partita IVA, contatti e IBAN',
      'Blocchi acquistati e lavorazioni in conto terzi',
    ],
  },
  {
    // linked from Magazzino → Lastre and → Pavimenti; SPEC §2's menu has no entry for it
    path: 'pages/magazzino/giacenze',
    rule: { page: ['magazzino-lastre', 'magazzino-pavimenti'] },
    title: 'Giacenze',
    view: 'giacenze',
    icon: 'pi pi-chart-bar',
  },
  {
    // reached from the block and stock pages' "Ditte del gruppo" section; SPEC §2's menu has no entry for it
    path: 'pages/trasferimenti',
    rule: { page: ['blocchi', 'blocchi-esterni', 'magazzino-lastre', 'magazzino-pavimenti'] },
    title: 'Trasferimenti',
    view: 'trasferimenti',
    icon: 'pi pi-arrow-right-arrow-left',
  },
  {
    path: 'pages/group-companies',
    rule: { page: ['clienti', 'fornitori'] },
    title: 'Ditte del gruppo',
    view: 'group-companies',
    icon: 'pi pi-building',
    description: 'Le ditte del gruppo: cave, segherie e laboratori.',
    features: [
      'Dati societari stampati sui documenti',
      'Logo della ditta e nome della cava',
      'Trasferimenti di blocchi tra ditte del gruppo',
    ],
  },
  {
    path: 'pages/settings',
    rule: 'admin',
    title: 'Impostazioni',
    view: 'settings',
    icon: 'pi pi-cog',
    description: "L'amministrazione di GestCava.",
    features: [
      'Utenti: creazione, modifica, disattivazione, reimpostazione della password',
      'Permessi per pagina con accesso e scrittura',
      'Ditte del gruppo con logo',
      'Tabelle: cave, materiali, ubicazioni, macchine',
    ],
  },
  {
    path: 'pages/profile',
    rule: 'authenticated',
    title: 'Profilo',
    view: 'profile',
    icon: 'pi pi-user',
  },
];
