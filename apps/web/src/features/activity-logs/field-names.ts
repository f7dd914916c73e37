/**
 * A logged field's translation key. The log holds database rows (camelCase, `reorderPoint`) and request bodies
 * (snake_case, `reorder_point`): both name one key, `activityLog.fields.reorder_point`.
 */
export const fieldKey = (name: string): string => `activityLog.fields.${name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`;
