/**
 * The demo's 在线客服 (issue 29): 星河科技's conversation with a few messages both ways, the
 * latest two from the company not yet read by the operators, and a couple of quick replies.
 * Written in one go (ids in order, read positions set), inside the seed's transaction.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/client.ts';

export async function seedChat(tx: Tx, ids: { xinghe: number; demo: number; operator: number }, now: Date) {
  const [conversation] = await queryRows<{ id: unknown }>(
    tx,
    sql`insert into chat_conversation (company_id, assigned_operator_id) values (${ids.xinghe}, ${ids.operator}) returning id`,
  );
  if (!conversation) throw new Error('seed: chat conversation not inserted');
  const conversationId = Number(conversation.id);
  const minutes = (m: number) => new Date(now.getTime() - m * 60_000);
  const messages: [side: 'company' | 'operator', text: string, minutesAgo: number][] = [
    ['company', '你好，请问本月的发放批次提交后多久可以到账？', 180],
    ['operator', '您好，批次审批通过并确认支付后，一般 1 个工作日内到账。', 175],
    ['company', '好的，如果有员工银行卡信息错误会怎样？', 170],
    ['operator', '该笔会发放失败并原路退回到企业余额，您可以在退款中心查看并重新发放。', 165],
    ['company', '明白了。另外，开票信息修改后需要重新审核吗？', 12],
    ['company', '我们下周要申请本月的发票。', 11],
  ];
  let lastId = 0;
  let lastOperatorId = 0;
  for (const [side, text, ago] of messages) {
    const [row] = await queryRows<{ id: unknown }>(
      tx,
      sql`insert into chat_message (company_id, conversation_id, side, sender_id, kind, text, created_at)
        values (${ids.xinghe}, ${conversationId}, ${side}, ${side === 'company' ? ids.demo : ids.operator}, 'text', ${text}, ${minutes(ago)})
        returning id`,
    );
    lastId = Number(row?.id);
    if (side === 'operator') lastOperatorId = lastId;
  }
  // The company has read every answer; the operators have read up to their own last answer.
  await tx.execute(sql`update chat_conversation set last_message_id = ${lastId}, last_message_at = ${minutes(11)},
      company_read_id = ${lastId}, company_delivered_id = ${lastOperatorId},
      operator_read_id = ${lastOperatorId}, operator_delivered_id = ${lastOperatorId}
    where company_id = ${ids.xinghe} and id = ${conversationId}`);
  await tx.execute(sql`insert into chat_quick_reply (text) values
    ('您好，我是平台客服，请问有什么可以帮您？'),
    ('请提供企业名称和发放批次号，我们马上为您查询。'),
    ('感谢您的耐心等待，问题已处理完毕，如有其他疑问请随时联系我们。')`);
}
