// The spellings of one module's name, from the plural the user types (`listini`) and its singular.

const words = (kebab) => kebab.split('-');
const cap = (w) => w.charAt(0).toUpperCase() + w.slice(1);
const camel = (kebab) =>
  words(kebab)
    .map((w, i) => (i === 0 ? w : cap(w)))
    .join('');
const pascal = (kebab) => words(kebab).map(cap).join('');

const KEBAB = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/**
 * @param {{ plural: string, singular: string, label?: string, labelSingular?: string, feminine?: boolean }} input
 */
export function namesOf({ plural, singular, label, labelSingular, feminine = false }) {
  for (const [what, value] of [
    ['plural', plural],
    ['singular', singular],
  ]) {
    if (!KEBAB.test(value ?? ''))
      throw new Error(`${what} "${value}": lettere minuscole, cifre e trattini (es. listini)`);
  }
  if (plural === singular) throw new Error('il plurale e il singolare devono essere diversi');
  const spaced = (kebab) => cap(words(kebab).join(' '));
  return {
    /** `listini`: folder, route, page key, table */
    plural,
    /** `listino`: entity type in the history, detail route */
    singular,
    pluralCamel: camel(plural),
    singularCamel: camel(singular),
    Plural: pascal(plural),
    Singular: pascal(singular),
    PLURAL: plural.replace(/-/g, '_').toUpperCase(),
    SINGULAR: singular.replace(/-/g, '_').toUpperCase(),
    table: plural.replace(/-/g, '_'),
    /** `Listini`: page title and menu label */
    label: label ?? spaced(plural),
    /** `Listino` */
    labelSingular: labelSingular ?? spaced(singular),
    labelLower: (label ?? spaced(plural)).toLowerCase(),
    labelSingularLower: (labelSingular ?? spaced(singular)).toLowerCase(),
    /** Italian agreement: `Nuovo listino` / `Nuova voce`, `non trovato` / `non trovata` */
    nuovo: feminine ? 'Nuova' : 'Nuovo',
    trovato: feminine ? 'trovata' : 'trovato',
    un: feminine ? 'una' : 'un',
    nessuno: feminine ? 'Nessuna' : 'Nessun',
    il: feminine ? 'La' : 'Il',
    registrato: feminine ? 'registrata' : 'registrato',
    aggiunto: feminine ? 'aggiunta' : 'aggiunto',
  };
}

/** `${{ name }}` placeholders of a template string, filled from `names` (an unknown one is an error). */
export function fill(template, names) {
  return template.replace(/__([A-Za-z]+)__/g, (_, key) => {
    if (!(key in names)) throw new Error(`segnaposto sconosciuto: __${key}__`);
    return names[key];
  });
}
