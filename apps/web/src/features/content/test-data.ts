/** Content records as the API answers them, for the content screens' tests. Only tests import this file. */
import type { TAdvert, TArticle, THomeModule } from '@flexpay/contract/web';

export const IMAGE_ID = '7b0c1c1e-6f43-4a57-9a4b-2d3c1b0a9e11';

export const ARTICLE: TArticle = {
  id: 5,
  title: '本月薪酬发放安排',
  summary: '本月工资于 25 日发放。',
  coverFileId: null,
  body: '<p>工资于 25 日发放。</p>',
  status: 'published',
  publishedAt: '2026-11-25T02:00:00.000Z',
  createdAt: '2026-11-24T02:00:00.000Z',
  updatedAt: '2026-11-25T02:00:00.000Z',
};

export const DRAFT: TArticle = {
  ...ARTICLE,
  id: 6,
  title: '年终福利说明',
  summary: '',
  status: 'draft',
  publishedAt: null,
};

export const MODULE: THomeModule = {
  id: 7,
  title: '薪酬发放',
  icon: 'WalletOutlined',
  link: '/EmolumentManagement/emolumentGrant',
  sort: 2,
  enabled: true,
  createdAt: '2026-11-25T02:00:00.000Z',
  updatedAt: '2026-11-25T02:00:00.000Z',
};

export const ADVERT: TAdvert = {
  id: 9,
  title: '年终福利',
  imageFileId: IMAGE_ID,
  link: 'https://www.example.com/welfare',
  position: 'homeBanner',
  startDate: '2026-01-01',
  endDate: '2099-12-31',
  sort: 1,
  enabled: true,
  createdAt: '2026-11-25T02:00:00.000Z',
  updatedAt: '2026-11-25T02:00:00.000Z',
};

/** A PNG's first bytes, as a chosen file. */
export const png = (name = 'banner.png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
