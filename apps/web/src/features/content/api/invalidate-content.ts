/**
 * The home page's figures carry the enabled modules and today's adverts: a change here makes them
 * stale. The key is the dashboard's (`['home', 'summary']`); features import no other feature, so
 * it is named here once.
 */
export const homeContentQueryKey = ['home', 'summary'] as const;
