/** What the rest of the API uses of this feature: import it from here, never from the other files (npm run lint checks). */
export { default as userRoutes } from './users.routes.ts';
export { currentUserOf, fullName, presentCurrentUser, splitName, userRoleNames } from './current-user.presenter.ts';
export { ensureFirstAdmin } from './first-admin.ts';
