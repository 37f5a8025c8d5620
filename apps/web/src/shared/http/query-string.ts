/** Values a query or form can carry. */
export type TParamValue =
  string | number | boolean | Date | null | undefined | Blob | TParamValue[] | TParams;
export interface TParams {
  [key: string]: TParamValue;
}

function scalarToString(value: string | number | boolean | Date): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

/**
 * Query string with bracket-style arrays (`ids[]=1&ids[]=2`, as the server reads them) and nested objects as
 * `filter[name]=x`. Brackets stay literal; names and values are percent-encoded. `null` and
 * `undefined` are left out.
 */
export function serializeQuery(params: TParams | undefined): string {
  if (!params) return '';
  const pairs: string[] = [];
  const append = (name: string, value: TParamValue): void => {
    if (value === null || value === undefined || value instanceof Blob) return;
    if (Array.isArray(value)) {
      for (const item of value) append(`${name}[]`, item);
    } else if (value instanceof Date || typeof value !== 'object') {
      pairs.push(`${name}=${encodeURIComponent(scalarToString(value))}`);
    } else {
      for (const [key, nested] of Object.entries(value))
        append(`${name}[${encodeURIComponent(key)}]`, nested);
    }
  };
  for (const [key, value] of Object.entries(params)) append(encodeURIComponent(key), value);
  return pairs.join('&');
}
