/**
 * Tests read our files back with ExcelJS, an implementation independent of ours. Its streaming
 * reader turns every zip chunk into text on its own, so a Chinese character whose UTF-8 bytes
 * straddle two chunks becomes "��" (exceljs issues #2063, #2316; unfixed in 4.4.0). Imported
 * before ExcelJS, this module puts a corrected SAX pump into Node's module cache under the path
 * ExcelJS requires, decoding chunks with a StringDecoder that carries incomplete characters over
 * to the next chunk. Everything else is ExcelJS's own.
 */
import { createRequire } from 'node:module';
import { StringDecoder } from 'node:string_decoder';

const require = createRequire(import.meta.url);
const parseSaxPath = require.resolve('exceljs/lib/utils/parse-sax.js');
// saxes is ExcelJS's own dependency: resolve it from there.
const { SaxesParser } = createRequire(require.resolve('exceljs/package.json'))('saxes') as {
  SaxesParser: new () => {
    on(event: 'error' | 'opentag' | 'text' | 'closetag', listener: (value: never) => void): void;
    write(text: string): void;
  };
};

interface SaxEvent {
  eventType: 'opentag' | 'text' | 'closetag';
  value: unknown;
}

async function* parseSax(iterable: AsyncIterable<Buffer | string>): AsyncGenerator<SaxEvent[]> {
  const parser = new SaxesParser();
  const decoder = new StringDecoder('utf8');
  let error: unknown;
  let events: SaxEvent[] = [];
  parser.on('error', (err: never) => {
    error = err;
  });
  parser.on('opentag', (value: never) => events.push({ eventType: 'opentag', value }));
  parser.on('text', (value: never) => events.push({ eventType: 'text', value }));
  parser.on('closetag', (value: never) => events.push({ eventType: 'closetag', value }));
  for await (const chunk of iterable) {
    parser.write(typeof chunk === 'string' ? chunk : decoder.write(chunk));
    if (error) throw error;
    yield events;
    events = [];
  }
  const rest = decoder.end();
  if (rest) {
    parser.write(rest);
    if (error) throw error;
    yield events;
  }
}

if (!require.cache[parseSaxPath]) {
  // A minimal module record: ExcelJS only reads `exports`.
  require.cache[parseSaxPath] = {
    id: parseSaxPath,
    filename: parseSaxPath,
    loaded: true,
    exports: parseSax,
  } as unknown as NodeJS.Module;
}
