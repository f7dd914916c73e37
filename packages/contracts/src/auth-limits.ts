/** Lengths the forms and the server share (no zod: the client's first load reads them). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;
export const NAME_MAX = 120;
