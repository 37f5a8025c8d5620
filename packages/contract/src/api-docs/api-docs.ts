/**
 * The API documentation (issue 20): Swagger UI served by the server under `API_DOCS_PATH`, framed
 * by the console page `dev/api-docs/index`. The framed docs ask the console for the operator's
 * current Authorization value with `postMessage` (same origin both ways):
 * `{ type: API_DOCS_TOKEN_REQUEST, id }` up, `{ type: API_DOCS_TOKEN_ANSWER, id, authorization }`
 * back ('' when it may not have one).
 */
export const API_DOCS_PATH = '/api/docs';
export const API_DOCS_TOKEN_REQUEST = 'linkstore:api-docs:token-request';
export const API_DOCS_TOKEN_ANSWER = 'linkstore:api-docs:token';
/** The permission of the API documentation page (the menu's button, seeded). */
export const API_DOCS_PERMISSION = 'dev:api-doc:query';
