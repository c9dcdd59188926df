/** `%`, `_` and a backslash typed in a search box are plain characters, not LIKE wildcards. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
