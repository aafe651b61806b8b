/**
 * Country names and continents for the statistics filters and the per-country figures. Names come from the
 * runtime's ICU data; the continent of each ISO 3166-1 alpha-2 code is listed here because no runtime has it.
 */
export type ContinentCode = 'AF' | 'AN' | 'AS' | 'EU' | 'NA' | 'OC' | 'SA';
export const CONTINENTS: readonly ContinentCode[] = ['AF', 'AN', 'AS', 'EU', 'NA', 'OC', 'SA'];

const BY_CONTINENT: Record<ContinentCode, string> = {
  AF: 'AO BF BI BJ BW CD CF CG CI CM CV DJ DZ EG EH ER ET GA GH GM GN GQ GW KE KM LR LS LY MA MG ML MR MU MW MZ NA NE NG RE RW SC SD SH SL SN SO SS ST SZ TD TG TN TZ UG YT ZA ZM ZW',
  AN: 'AQ BV GS HM TF',
  AS: 'AE AF AM AZ BD BH BN BT CC CN CX CY GE HK ID IL IN IO IQ IR JO JP KG KH KP KR KW KZ LA LB LK MM MN MO MV MY NP OM PH PK PS QA SA SG SY TH TJ TL TM TR TW UZ VN YE',
  EU: 'AD AL AT AX BA BE BG BY CH CZ DE DK EE ES FI FO FR GB GG GI GR HR HU IE IM IS IT JE LI LT LU LV MC MD ME MK MT NL NO PL PT RO RS RU SE SI SJ SK SM UA VA XK',
  NA: 'AG AI AW BB BL BM BQ BS BZ CA CR CU CW DM DO GD GL GP GT HN HT JM KN KY LC MF MQ MS MX NI PA PM PR SV SX TC TT US VC VG VI',
  OC: 'AS AU CK FJ FM GU KI MH MP NC NF NR NU NZ PF PG PN PW SB TK TO TV UM VU WF WS',
  SA: 'AR BO BR CL CO EC FK GF GY PE PY SR UY VE',
};

const CONTINENT_OF = new Map<string, ContinentCode>();
for (const continent of CONTINENTS) for (const code of BY_CONTINENT[continent].split(' ')) CONTINENT_OF.set(code, continent);

export function countriesOf(continent: ContinentCode): string[] {
  return BY_CONTINENT[continent].split(' ');
}

export function isCountryCode(code: string): boolean {
  return CONTINENT_OF.has(code);
}

const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

export function countryName(code: string): string {
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Provider codes of the contract; a code we do not know is shown as itself. */
const PROVIDERS: Record<string, string> = {
  BN: 'Bunny',
  CF: 'Cloudflare',
  FY: 'Fastly',
  GC: 'Gcore',
  MX: 'StackPath',
  QT: 'Quantil',
  OR: 'Origin',
};

/** Requests that reached the origin without a fronting CDN are counted under this code. */
export const ORIGIN_PROVIDER = 'OR';

export function providerName(code: string): string {
  return Object.hasOwn(PROVIDERS, code) ? PROVIDERS[code]! : code;
}
