/**
 * Full page loads, in one object so that tests can watch them (jsdom does not navigate): leaving
 * for another address, or loading the same one again.
 */
export const pageLoad = {
  assign: (path: string): void => window.location.assign(path),
  reload: (): void => window.location.reload(),
};
