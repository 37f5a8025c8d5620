// Zod-free and pure: the checkout's region choice and the server's check of it share this list.

/** A state, province or territory as addresses and tax rates name it (ISO 3166-2 suffix). */
export interface TRegion {
  code: string;
  name: string;
}

const list = (pairs: string): TRegion[] =>
  pairs.split(';').map((pair) => {
    const [code = '', name = ''] = pair.split('=');
    return { code, name };
  });

/**
 * The countries whose addresses need a region because taxes (and some shipping zones) differ by
 * it: US states (and DC), Canadian provinces and territories, Australian states and territories.
 * Names are the regions' own, the same in every language, as postal addresses write them.
 */
export const REGIONS_BY_COUNTRY: Readonly<Record<string, readonly TRegion[]>> = {
  US: list(
    'AL=Alabama;AK=Alaska;AZ=Arizona;AR=Arkansas;CA=California;CO=Colorado;CT=Connecticut;DE=Delaware;' +
      'DC=District of Columbia;FL=Florida;GA=Georgia;HI=Hawaii;ID=Idaho;IL=Illinois;IN=Indiana;IA=Iowa;' +
      'KS=Kansas;KY=Kentucky;LA=Louisiana;ME=Maine;MD=Maryland;MA=Massachusetts;MI=Michigan;MN=Minnesota;' +
      'MS=Mississippi;MO=Missouri;MT=Montana;NE=Nebraska;NV=Nevada;NH=New Hampshire;NJ=New Jersey;' +
      'NM=New Mexico;NY=New York;NC=North Carolina;ND=North Dakota;OH=Ohio;OK=Oklahoma;OR=Oregon;' +
      'PA=Pennsylvania;RI=Rhode Island;SC=South Carolina;SD=South Dakota;TN=Tennessee;TX=Texas;UT=Utah;' +
      'VT=Vermont;VA=Virginia;WA=Washington;WV=West Virginia;WI=Wisconsin;WY=Wyoming',
  ),
  CA: list(
    'AB=Alberta;BC=British Columbia;MB=Manitoba;NB=New Brunswick;NL=Newfoundland and Labrador;' +
      'NS=Nova Scotia;NT=Northwest Territories;NU=Nunavut;ON=Ontario;PE=Prince Edward Island;' +
      'QC=Quebec;SK=Saskatchewan;YT=Yukon',
  ),
  AU: list(
    'ACT=Australian Capital Territory;NSW=New South Wales;NT=Northern Territory;QLD=Queensland;' +
      'SA=South Australia;TAS=Tasmania;VIC=Victoria;WA=Western Australia',
  ),
};

/** The regions an address in `countryCode` chooses from; none: the region is free text, optional. */
export function regionsOf(countryCode: string): readonly TRegion[] {
  // Own keys only: a country code such as "__proto__" (the schema's own check refuses it, and the
  // refinement still runs) must not reach the object's prototype.
  return Object.hasOwn(REGIONS_BY_COUNTRY, countryCode) ? (REGIONS_BY_COUNTRY[countryCode] ?? []) : [];
}

/**
 * Whether `region` is right for an address in `countryCode`: one of its regions' codes (any case)
 * where the country has a list, anything (even nothing) elsewhere.
 */
export function isRegionOf(countryCode: string, region: string | undefined): boolean {
  const regions = regionsOf(countryCode);
  if (regions.length === 0) return true;
  const code = region?.trim().toUpperCase();
  return regions.some((r) => r.code === code);
}
