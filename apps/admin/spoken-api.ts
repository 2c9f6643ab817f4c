/**
 * The major release of the API this console is written for: its calls and the staff API's schemas
 * in packages/domain. Its server does not start against an API of another major (serve.ts).
 */
export const SPOKEN_API_MAJOR = 0;
