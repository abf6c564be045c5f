// The login form's field limits, in a module without zod: the web's login route imports them, and importing
// them from api/auth.ts would put zod (its schemas run at import) into the login route's JavaScript.
export const PASSWORD_MAX_LENGTH = 256;
export const EMAIL_MAX_LENGTH = 254;
