/**
 * The contract is checked without an environment's types (`types: []`): both of its runtimes,
 * browsers and Node, have the WHATWG URL. This declares the part it uses (content-rules.ts);
 * the web and the server check the same code against their own, complete declarations.
 */
declare class URL {
  constructor(url: string, base?: string);
  readonly origin: string;
}
