/**
 * The major release of the API this storefront is written for: its calls (client.server.ts) and
 * the answers' schemas in packages/domain. Against an API of another major it does not start, and
 * it answers 503 if one replaces its API while it runs (app/web/catalog-version.ts).
 */
export const SPOKEN_API_MAJOR = 0;
