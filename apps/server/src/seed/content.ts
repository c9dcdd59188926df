/**
 * The demo's content (内容管理, issue 28): 星河科技 has home modules, two current adverts and a
 * past one with drawn images, published articles (one with a cover and a picture in its body)
 * and a draft; 云帆物流 a module, an advert and an article. Bodies go through the content area's
 * sanitiser, as the API stores them.
 */
import { API, apiPath } from '@flexpay/contract';
import type { Tx } from '../db/client.ts';
import { advert, article, homeModule } from '../db/schema/index.ts';
import { chinaDateOf } from '../lib/china-time.ts';
import { sanitizeRichText } from '../modules/content/sanitize.ts';
import { insertDemoPicture } from './content-images.ts';

const DAY_MS = 86_400_000;

export async function seedContent(tx: Tx, ids: { xinghe: number; yunfan: number }, now: Date): Promise<void> {
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS);
  const day = (daysFromNow: number) => chinaDateOf(new Date(now.getTime() + daysFromNow * DAY_MS));

  await tx.insert(homeModule).values([
    {
      companyId: ids.xinghe,
      title: '薪酬发放',
      icon: 'WalletOutlined',
      link: '/EmolumentManagement/emolumentGrant',
      sort: 1,
    },
    {
      companyId: ids.xinghe,
      title: '员工管理',
      icon: 'TeamOutlined',
      link: '/EmployeeManagement/listEmployee',
      sort: 2,
    },
    { companyId: ids.xinghe, title: '申请开票', icon: 'AccountBookOutlined', link: '/invoiceCenter/apply', sort: 3 },
    {
      companyId: ids.xinghe,
      title: '发布任务',
      icon: 'ScheduleOutlined',
      link: '/taskOrderManage/releaseTaskOrder',
      sort: 4,
    },
    {
      companyId: ids.xinghe,
      title: '政策解读',
      icon: 'NotificationOutlined',
      link: 'https://www.chinatax.gov.cn',
      sort: 5,
    },
    { companyId: ids.xinghe, title: '旧版入口', icon: 'AppstoreOutlined', link: '/dashboard', sort: 6, enabled: false },
    {
      companyId: ids.yunfan,
      title: '员工管理',
      icon: 'TeamOutlined',
      link: '/EmployeeManagement/listEmployee',
      sort: 1,
    },
  ]);

  const banner = await insertDemoPicture(tx, ids.xinghe, 'banner-payroll', '薪酬发放横幅.png');
  const side = await insertDemoPicture(tx, ids.xinghe, 'side-invoice', '开票侧栏.png');
  const yunfanBanner = await insertDemoPicture(tx, ids.yunfan, 'banner-payroll', '云帆横幅.png');
  await tx.insert(advert).values([
    {
      companyId: ids.xinghe,
      title: '本月薪酬发放安排',
      imageFileId: banner,
      link: '/EmolumentManagement/emolumentGrant',
      position: 'homeBanner',
      startDate: day(-7),
      endDate: day(30),
      sort: 1,
    },
    {
      companyId: ids.xinghe,
      title: '电子发票上线',
      imageFileId: side,
      link: '/invoiceCenter/apply',
      position: 'homeSide',
      startDate: day(-3),
      endDate: day(60),
      sort: 2,
    },
    {
      companyId: ids.xinghe,
      title: '国庆假期通知（已结束）',
      imageFileId: side,
      link: '',
      position: 'homeSide',
      startDate: day(-60),
      endDate: day(-30),
      sort: 3,
    },
    {
      companyId: ids.yunfan,
      title: '配送旺季用工',
      imageFileId: yunfanBanner,
      link: '',
      position: 'homeBanner',
      startDate: day(-1),
      endDate: day(20),
      sort: 1,
    },
  ]);

  const cover = await insertDemoPicture(tx, ids.xinghe, 'article-cover', '发放安排封面.png');
  const figure = await insertDemoPicture(tx, ids.xinghe, 'article-figure', '发放流程图.png');
  await tx.insert(article).values([
    {
      companyId: ids.xinghe,
      title: '本月薪酬发放安排',
      summary: '本月工资于 25 日发放，请在 20 日前确认银行卡信息。',
      coverFileId: cover,
      body: sanitizeRichText(
        '<h2>发放时间</h2><p>本月工资将于 <strong>25 日</strong>发放到员工本人的银行卡。</p>' +
          '<ul><li>20 日前：确认银行卡与手机号</li><li>22 日：薪酬核对</li><li>25 日：确认支付</li></ul>' +
          `<p><img src="${apiPath(API.file.one, { id: figure })}" alt="发放流程示意图"></p>`,
      ),
      status: 'published',
      publishedAt: at(3),
      createdAt: at(4),
    },
    {
      companyId: ids.xinghe,
      title: '灵活用工个人所得税说明',
      summary: '经营所得与劳务报酬的区别，以及服务商代征的方式。',
      body: sanitizeRichText(
        '<p>灵活用工人员的收入由服务商按规定<em>代征</em>个人所得税。</p>' +
          '<p>详见 <a href="https://www.chinatax.gov.cn" target="_blank">国家税务总局</a>。</p>',
      ),
      status: 'published',
      publishedAt: at(10),
      createdAt: at(12),
    },
    {
      companyId: ids.xinghe,
      title: '春节期间任务安排（草稿）',
      summary: '',
      body: sanitizeRichText('<p>春节期间的任务发布与验收安排，待确认。</p>'),
      status: 'draft',
      createdAt: at(1),
    },
    {
      companyId: ids.yunfan,
      title: '配送员安全须知',
      summary: '雨雪天气配送注意事项。',
      body: sanitizeRichText('<p>雨雪天气请减速慢行，注意安全。</p>'),
      status: 'published',
      publishedAt: at(5),
      createdAt: at(6),
    },
  ]);
}
