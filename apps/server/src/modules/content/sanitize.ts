/**
 * The allow-list sanitiser of rich text (issue 28): what the editor makes (paragraphs, headings,
 * lists, emphasis, links, images, tables) and nothing else. No element runs script (script,
 * style, iframe, object, svg and their like are dropped with their content), no attribute is an
 * event handler, links are http(s) or mailto only, and images are the file store's own paths
 * (`/api/admin/file/<uuid>`, the company's uploads, checked by `images.ts`), never another site,
 * `data:` or `javascript:`.
 */
import { ARTICLE_BODY_TAGS } from '@flexpay/contract';
import sanitizeHtml from 'sanitize-html';
import { STORED_IMAGE_SRC } from './images.ts';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...ARTICLE_BODY_TAGS, 'a', 'img'],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    '*': ['style'],
  },
  allowedStyles: {
    '*': {
      'text-align': [/^(left|right|center|justify)$/],
      color: [/^#[0-9a-f]{3,6}$/i, /^rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // An image whose source is not an upload of the file store goes, whatever else it holds.
  exclusiveFilter: (frame) => frame.tag === 'img' && !STORED_IMAGE_SRC.test(frame.attribs.src ?? ''),
  transformTags: {
    // A link that opens elsewhere never hands that page this one (reverse tabnabbing).
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }),
  },
};

/** The body as stored: only what the allow-list keeps. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
