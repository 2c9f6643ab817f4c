/** The header every write of a signed-in console carries: its session's token, against cross-site requests. */
export const CSRF_HEADER = "X-CSRF-Token";
