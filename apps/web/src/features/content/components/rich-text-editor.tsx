/**
 * The article body's editor: TipTap 3 (ProseMirror, maintained, React 19), loaded only by the
 * article form (React.lazy), so no other screen and not the sign-in page carries it. Pictures are
 * uploaded through the file store and kept as `/api/admin/file/<id>`; the editor shows them from
 * the session's read of the file (an <img> cannot send the token). What it produces is HTML the
 * server sanitises again by its allow-list.
 */
import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { API, apiPath } from '@flexpay/contract/web';
import Image from '@tiptap/extension-image';
import { DOMSerializer } from '@tiptap/pm/model';
import {
  EditorContent,
  NodeViewWrapper,
  ReactNodeViewRenderer,
  useEditor,
  useEditorState,
  type Editor,
  type ReactNodeViewProps,
} from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { App, Button, Divider, Flex, Modal, Tooltip, Upload, theme } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { StoredImage } from '../../../components/stored-image.tsx';
import { TrimmedInput } from '../../../components/trimmed-input.tsx';
import { uploadContentImage } from '../api/upload-content-image.ts';
import { contentImageError } from './image-upload.tsx';

const FILE_PREFIX = API.file.one.replace(':id', '');

/** A picture of the body, drawn from the file store with the session's token. */
function StoredImageView({ node }: ReactNodeViewProps) {
  const src = String(node.attrs.src ?? '');
  const alt = String(node.attrs.alt ?? '') || '正文图片';
  return (
    <NodeViewWrapper as="span" style={{ display: 'inline-block', maxWidth: '100%' }}>
      {src.startsWith(FILE_PREFIX) ? (
        <StoredImage fileId={src.slice(FILE_PREFIX.length)} alt={alt} style={{ maxHeight: 360 }} />
      ) : (
        <span>[图片]</span>
      )}
    </NodeViewWrapper>
  );
}

/**
 * The body's picture node. In this page its address is kept as `data-src`, never `src`: TipTap
 * draws nodes without their node view too (when the editor goes, it drops the node views), and an
 * <img src> in the page would ask for the file without the token. `htmlOf` turns it back into
 * `src` for what is saved; both spellings are read.
 */
const StoredImageNode = Image.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      src: {
        default: null,
        parseHTML: (element: HTMLElement) => element.getAttribute('src') ?? element.getAttribute('data-src'),
        renderHTML: (attributes: { src?: string | null }) => (attributes.src ? { 'data-src': attributes.src } : {}),
      },
    };
  },
  parseHTML() {
    return [{ tag: 'img[src]' }, { tag: 'img[data-src]' }];
  },
  addNodeView() {
    return ReactNodeViewRenderer(StoredImageView);
  },
});

/**
 * The editor's HTML, '' when it holds nothing (an empty paragraph). Serialised into a document
 * without a window (as `getHTML` would into this page's): an <img> made in this page starts
 * loading its address at once, without the token.
 */
let inertDocument: Document | undefined;
function htmlOf(editor: Editor): string {
  if (editor.isEmpty) return '';
  inertDocument ??= document.implementation.createHTMLDocument('');
  const container = inertDocument.createElement('div');
  container.appendChild(
    DOMSerializer.fromSchema(editor.schema).serializeFragment(editor.state.doc.content, { document: inertDocument }),
  );
  for (const img of container.querySelectorAll('img[data-src]')) {
    img.setAttribute('src', img.getAttribute('data-src') ?? '');
    img.removeAttribute('data-src');
  }
  return container.innerHTML;
}

function ToolButton({
  label,
  icon,
  onClick,
  isActive,
  disabled,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  isActive?: boolean;
  disabled?: boolean;
}) {
  return (
    <Tooltip title={label}>
      <Button
        type={isActive ? 'primary' : 'text'}
        size="small"
        icon={icon}
        aria-label={label}
        aria-pressed={isActive === undefined ? undefined : isActive}
        disabled={disabled}
        onClick={onClick}
      />
    </Tooltip>
  );
}

export interface TRichTextEditorProps {
  id?: string;
  value?: string;
  onChange?: (html: string) => void;
  /** The accessible name of the editing area. */
  label: string;
}

export default function RichTextEditor({ id, value, onChange, label }: TRichTextEditorProps) {
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const [isUploading, setIsUploading] = useState(false);
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkHref, setLinkHref] = useState('');
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        link: { openOnClick: false, protocols: ['http', 'https', 'mailto'], defaultProtocol: 'https' },
      }),
      StoredImageNode.configure({ inline: false, allowBase64: false }),
    ],
    content: value ?? '',
    editorProps: {
      attributes: {
        ...(id ? { id } : {}),
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        class: 'rich-text-editor-content',
        style: `min-height: 280px; padding: 8px 12px; outline: none;`,
      },
    },
    onUpdate: ({ editor: e }) => onChange?.(htmlOf(e)),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });

  // A value set from outside (the form loading the article) replaces the content. Not on an
  // editor already destroyed (React replaced it, or the page is being left): the next one gets it.
  useEffect(() => {
    if (!editor || editor.isDestroyed || value === undefined) return;
    if (value !== htmlOf(editor)) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const chain = () => editor.chain().focus();
  const insertPicture = (file: File) => {
    const error = contentImageError(file, '图片');
    if (error) {
      void message.error(error);
      return;
    }
    setIsUploading(true);
    uploadContentImage(file).then(
      (uploaded) => {
        setIsUploading(false);
        chain()
          .setImage({ src: apiPath(API.file.one, { id: uploaded.id }), alt: file.name.replace(/\.[^.]+$/, '') })
          .run();
      },
      () => setIsUploading(false),
    );
  };
  const applyLink = () => {
    const href = linkHref.trim();
    if (!href) chain().extendMarkRange('link').unsetLink().run();
    else if (!/^(https?:\/\/|mailto:)/i.test(href)) {
      void message.error('链接须以 http://、https:// 或 mailto: 开头');
      return;
    } else chain().extendMarkRange('link').setLink({ href, target: '_blank' }).run();
    setLinkOpen(false);
  };

  return (
    <div style={{ border: `1px solid ${token.colorBorder}`, borderRadius: token.borderRadius }}>
      <Flex
        role="toolbar"
        aria-label="正文格式"
        wrap
        gap={2}
        align="center"
        style={{ padding: 4, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
      >
        <ToolButton
          label="加粗"
          icon={<BoldOutlined />}
          isActive={state?.bold}
          onClick={() => chain().toggleBold().run()}
        />
        <ToolButton
          label="斜体"
          icon={<ItalicOutlined />}
          isActive={state?.italic}
          onClick={() => chain().toggleItalic().run()}
        />
        <ToolButton
          label="下划线"
          icon={<UnderlineOutlined />}
          isActive={state?.underline}
          onClick={() => chain().toggleUnderline().run()}
        />
        <ToolButton
          label="删除线"
          icon={<StrikethroughOutlined />}
          isActive={state?.strike}
          onClick={() => chain().toggleStrike().run()}
        />
        <Divider orientation="vertical" />
        {/* The name holds the text shown (H2), so speech input reaches it (WCAG 2.5.3). */}
        <ToolButton
          label="H2 二级标题"
          icon={<span aria-hidden>H2</span>}
          isActive={state?.h2}
          onClick={() => chain().toggleHeading({ level: 2 }).run()}
        />
        <ToolButton
          label="H3 三级标题"
          icon={<span aria-hidden>H3</span>}
          isActive={state?.h3}
          onClick={() => chain().toggleHeading({ level: 3 }).run()}
        />
        <ToolButton
          label="无序列表"
          icon={<UnorderedListOutlined />}
          isActive={state?.bullet}
          onClick={() => chain().toggleBulletList().run()}
        />
        <ToolButton
          label="有序列表"
          icon={<OrderedListOutlined />}
          isActive={state?.ordered}
          onClick={() => chain().toggleOrderedList().run()}
        />
        <ToolButton
          label="引用"
          icon={<span aria-hidden>“”</span>}
          isActive={state?.quote}
          onClick={() => chain().toggleBlockquote().run()}
        />
        <Divider orientation="vertical" />
        <ToolButton
          label="链接"
          icon={<LinkOutlined />}
          isActive={state?.link}
          onClick={() => {
            setLinkHref(String(editor.getAttributes('link').href ?? ''));
            setLinkOpen(true);
          }}
        />
        <Upload
          accept=".png,.jpg,.jpeg,image/png,image/jpeg"
          showUploadList={false}
          beforeUpload={(file) => {
            insertPicture(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <Tooltip title="插入图片">
            <Button type="text" size="small" icon={<PictureOutlined />} aria-label="插入图片" loading={isUploading} />
          </Tooltip>
        </Upload>
        <Divider orientation="vertical" />
        <ToolButton
          label="撤销"
          icon={<UndoOutlined />}
          disabled={!state?.canUndo}
          onClick={() => chain().undo().run()}
        />
        <ToolButton
          label="重做"
          icon={<RedoOutlined />}
          disabled={!state?.canRedo}
          onClick={() => chain().redo().run()}
        />
      </Flex>
      <EditorContent editor={editor} />
      <Modal
        title="链接"
        open={linkOpen}
        okText="确定"
        cancelText="取消"
        onOk={applyLink}
        onCancel={() => setLinkOpen(false)}
        destroyOnHidden
      >
        <label htmlFor="rich-text-link">链接地址（留空则移除链接）</label>
        <TrimmedInput
          id="rich-text-link"
          value={linkHref}
          placeholder="https://…"
          onChange={(e) => setLinkHref(e.target.value)}
          onPressEnter={applyLink}
          autoFocus
        />
      </Modal>
    </div>
  );
}
