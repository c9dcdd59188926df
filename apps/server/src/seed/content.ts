/**
 * The demo's articles (内容管理, issue 28): 星河科技 has published articles and a draft, 云帆物流
 * one article. Bodies go through the content area's sanitiser, as the API stores them.
 */
import type { Tx } from '../db/client.ts';
import { article } from '../db/schema/index.ts';
import { sanitizeRichText } from '../modules/content/sanitize.ts';

const DAY_MS = 86_400_000;

export async function seedContent(tx: Tx, ids: { xinghe: number; yunfan: number }, now: Date): Promise<void> {
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS);
  await tx.insert(article).values([
    {
      companyId: ids.xinghe,
      title: '本月薪酬发放安排',
      summary: '本月工资于 25 日发放，请在 20 日前确认银行卡信息。',
      body: sanitizeRichText(
        '<h2>发放时间</h2><p>本月工资将于 <strong>25 日</strong>发放到员工本人的银行卡。</p>' +
          '<ul><li>20 日前：确认银行卡与手机号</li><li>22 日：薪酬核对</li><li>25 日：确认支付</li></ul>',
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
