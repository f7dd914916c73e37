/** What the rest of the API uses of this feature: import it from here, never from the other files (npm run lint checks). */
export { default as authRoutes } from './auth.routes.ts';
export { passwordResetJob } from './password-reset.service.ts';
