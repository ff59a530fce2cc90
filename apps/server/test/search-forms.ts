/** Every odd and ordinary search the catalogue must survive, on every searched list (docs/decisions/0031): shared by the unit test and the bench. */
export const SEARCH_FORMS = [
  '',
  ' ',
  'a',
  '!!! ***',
  '%00',
  'a%00b',
  'x'.repeat(300),
  'zirconia '.repeat(11).trim().slice(0, 100),
  'a b c d e f g h i j k l m n o p',
  'crown',
  'zirconia crowns',
  'zirkonia',
  'zirconnia',
  'abutmnet',
  'design',
  'تاج',
  'تيجان زركونيا',
  'e.max',
  'porcelain fused to metal',
  'PFM bridge',
  'LiSi2',
  'qwxzvyqwxzvy',
  "' or 1=1 --",
  ':* & | !',
  '😀',
];

export const SEARCHED_LISTS = ['/api/gigs?', '/api/services?sort=price_asc&', '/api/gigs?sort=rating&cat=Crown&', '/api/users?isDesigner=true&', '/api/courses?'];

/** The URL for one form: the raw NUL forms go as written, everything else encoded. */
export const searchUrl = (list: string, search: string) =>
  `${list}search=${search.startsWith('%') || search.includes('%00') ? search : encodeURIComponent(search)}`;
