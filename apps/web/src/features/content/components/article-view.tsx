import { API, ARTICLE_BODY_TAGS } from '@flexpay/contract/web';
import { Divider, Flex, Typography } from 'antd';
import { createElement, type CSSProperties, type ReactNode } from 'react';
import { StoredImage } from '../../../components/stored-image.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';

/** The file store's path of an image in a body: `/api/admin/file/<uuid>`. */
const FILE_PREFIX = API.file.one.replace(':id', '');

/** The elements a body may hold (the contract's list, which the server's sanitiser keeps), links and images apart. */
const ALLOWED_TAGS: ReadonlySet<string> = new Set(ARTICLE_BODY_TAGS);
const TEXT_ALIGNS = new Set(['left', 'right', 'center', 'justify']);

/** The one style a body keeps on the page: its alignment (colours stay the theme's). */
function styleOf(el: Element): CSSProperties | undefined {
  const align = (el as HTMLElement).style?.textAlign;
  return align && TEXT_ALIGNS.has(align) ? { textAlign: align as CSSProperties['textAlign'] } : undefined;
}

/**
 * A node of the body as React elements. The HTML is parsed into an inert document (nothing in it
 * runs or loads) and only the allow-list is rebuilt: the preview shows what the editor holds before
 * the server has cleaned it, so it trusts it no more than the server does. Pictures are read with
 * the session (an <img> cannot send the token); links open in a new window.
 */
function toReact(node: ChildNode, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const el = node as Element;
  const tag = el.tagName.toLowerCase();
  const children = [...el.childNodes].map(toReact);
  if (tag === 'img') {
    const src = el.getAttribute('src') ?? el.getAttribute('data-src') ?? '';
    const fileId = src.startsWith(FILE_PREFIX) ? src.slice(FILE_PREFIX.length) : '';
    if (!/^[0-9a-f-]{36}$/i.test(fileId)) return null;
    return (
      <StoredImage
        key={key}
        fileId={fileId}
        alt={el.getAttribute('alt') ?? ''}
        style={{ display: 'inline-block', maxHeight: 480 }}
      />
    );
  }
  if (tag === 'a') {
    const href = el.getAttribute('href') ?? '';
    if (!/^(https?:|mailto:)/i.test(href)) return <span key={key}>{children}</span>;
    return (
      <a key={key} href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  }
  if (!ALLOWED_TAGS.has(tag)) return children.length ? <span key={key}>{children}</span> : null;
  const props: Record<string, unknown> = { key, style: styleOf(el) };
  for (const name of ['colspan', 'rowspan']) {
    const value = Number(el.getAttribute(name));
    if (value > 0) props[name === 'colspan' ? 'colSpan' : 'rowSpan'] = value;
  }
  if (tag === 'br' || tag === 'hr') return createElement(tag, props);
  return createElement(tag, props, ...children);
}

/** An article's body as the reader sees it. */
export function ArticleBody({ html }: { html: string }) {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (
    <Typography data-testid="article-body" style={{ fontSize: 15, lineHeight: 1.8 }}>
      {[...doc.body.childNodes].map(toReact)}
    </Typography>
  );
}

/** An article: title, publish time, cover, summary and body (the reader page and the preview). */
export function ArticleView({
  title,
  summary,
  coverFileId,
  body,
  publishedAt,
  headingLevel = 2,
}: {
  title: string;
  summary: string;
  coverFileId: string | null;
  body: string;
  publishedAt: string | null;
  headingLevel?: 2 | 3;
}) {
  return (
    <article style={{ maxWidth: 820, margin: '0 auto' }}>
      <Typography.Title level={headingLevel}>{title || '（未填写标题）'}</Typography.Title>
      <Typography.Text type="secondary">
        {publishedAt ? `发布于 ${formatDateTime(publishedAt)}` : '尚未发布'}
      </Typography.Text>
      {coverFileId && (
        <Flex style={{ marginTop: 16 }}>
          <StoredImage fileId={coverFileId} alt={`${title}的封面`} style={{ maxHeight: 320, borderRadius: 8 }} />
        </Flex>
      )}
      {summary && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
          {summary}
        </Typography.Paragraph>
      )}
      <Divider />
      <ArticleBody html={body} />
    </article>
  );
}
