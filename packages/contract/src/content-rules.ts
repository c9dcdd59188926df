/** 内容管理 (issue 28): zod-free constants and labels the web needs. */
export const ARTICLE_STATUSES = ['draft', 'published'] as const;
export type TArticleStatus = (typeof ARTICLE_STATUSES)[number];
export const ARTICLE_STATUS_LABELS: Record<TArticleStatus, string> = { draft: '草稿', published: '已发布' };
/** The longest article body, in characters of HTML (before sanitising). */
export const ARTICLE_BODY_MAX = 100_000;
/**
 * The elements an article body may hold: the server's sanitiser keeps these (with their allowed
 * attributes) and drops the rest; the web's reader rebuilds only these. Links and images are
 * allowed too, each checked on its own (its scheme; the file store's paths).
 */
export const ARTICLE_BODY_TAGS = [
  'p',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'pre',
  'code',
  'hr',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'span',
  'ul',
  'ol',
  'li',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
] as const;

/**
 * The icons a 首页模块 may show, by @ant-design/icons name, with the Chinese name the form offers
 * (and the screen reader hears). The web maps each name to its component.
 */
export const HOME_MODULE_ICONS = {
  AppstoreOutlined: '应用',
  TeamOutlined: '员工',
  FileTextOutlined: '文档',
  WalletOutlined: '钱包',
  AccountBookOutlined: '发票',
  ScheduleOutlined: '任务',
  BarChartOutlined: '统计',
  NotificationOutlined: '公告',
  QuestionCircleOutlined: '帮助',
  SafetyCertificateOutlined: '安全',
  GiftOutlined: '福利',
  PhoneOutlined: '客服',
} as const;
export type THomeModuleIcon = keyof typeof HOME_MODULE_ICONS;
export const HOME_MODULE_ICON_NAMES = Object.keys(HOME_MODULE_ICONS) as THomeModuleIcon[];

/** 广告位: where an advert shows on 首页. */
export const ADVERT_POSITIONS = ['homeBanner', 'homeSide'] as const;
export type TAdvertPosition = (typeof ADVERT_POSITIONS)[number];
export const ADVERT_POSITION_LABELS: Record<TAdvertPosition, string> = {
  homeBanner: '首页横幅',
  homeSide: '首页侧栏',
};

/**
 * A link of a home module or an advert: a path of this console (`/EmolumentManagement/…`, never
 * `//host`) or an http(s) address. No backslash anywhere: a browser reads `/\host` as `//host`,
 * another site (found by an outside probe).
 */
export const CONTENT_LINK_PATTERN = /^(\/(?![/\\])[^\s\\]*|https?:\/\/[^\s/\\]+[^\s\\]*)$/;

/** Any origin of ours: a link resolved against it that keeps it stays inside the console. */
const CONSOLE_ORIGIN = 'https://console.invalid';

/**
 * Whether a content link opens inside the console rather than another site, decided by origin:
 * the link resolved against the console's address keeps that address's origin (so `//host` and
 * `/\host` are outside, whatever their spelling).
 */
export function isInternalContentLink(link: string): boolean {
  if (!link.startsWith('/') || link.includes('\\')) return false;
  try {
    return new URL(link, CONSOLE_ORIGIN).origin === CONSOLE_ORIGIN;
  } catch {
    return false;
  }
}

/** The image types content accepts (cover, advert image, images in an article's body). */
export const CONTENT_IMAGE_TYPES: readonly string[] = ['image/png', 'image/jpeg'];

/** The audit actions of 内容管理 with their Chinese names (操作日志). */
export const CONTENT_AUDIT_ACTION_LABELS: Record<string, string> = {
  'content.article.create': '添加文章',
  'content.article.update': '编辑文章',
  'content.article.delete': '删除文章',
  'content.module.create': '添加首页模块',
  'content.module.update': '编辑首页模块',
  'content.module.delete': '删除首页模块',
  'content.advert.create': '添加广告',
  'content.advert.update': '编辑广告',
  'content.advert.delete': '删除广告',
};
