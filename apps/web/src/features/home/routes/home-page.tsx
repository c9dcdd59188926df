import { VERIFY_METHOD_LABELS } from '@flexpay/contract/web';
import { Avatar, Card, Col, Descriptions, List, Row, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session-store.ts';
import { chinaHour } from '../../../lib/format-date-time.ts';
import { HomeFigures } from '../components/home-figures.tsx';

function greeting(hour: number): string {
  if (hour < 6) return '夜深了';
  if (hour < 11) return '早上好';
  if (hour < 13) return '中午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}

/** 首页: who is signed in, in which company, the live figures its roles grant, and where they can go from here. */
export function Component() {
  const s = useSession();
  const shortcuts = s.permissionRoutes.flatMap((parent) =>
    (parent.children ?? [])
      .filter((c) => !c.hidden)
      .map((c) => ({ title: c.title, group: parent.title, to: `${parent.path}/${c.path}` })),
  );
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <Card>
          <div style={{ display: 'flex', alignItems: 'center', gap: 16 }}>
            <Avatar size={56} src={s.avatar} alt={`${s.name}的头像`} />
            <div>
              <Typography.Title level={4} style={{ margin: 0 }}>
                {greeting(chinaHour())}，{s.name}
              </Typography.Title>
              <Typography.Text type="secondary">
                {s.companyName}
                {s.isOwner && (
                  <Tag color="gold" style={{ marginLeft: 8 }}>
                    企业主账号
                  </Tag>
                )}
              </Typography.Text>
            </div>
          </div>
        </Card>
      </Col>
      <HomeFigures />
      <Col xs={24} lg={12}>
        <Card title="账号信息">
          <Descriptions column={1} size="small">
            <Descriptions.Item label="用户名">{s.userName}</Descriptions.Item>
            <Descriptions.Item label="所属企业">{s.companyName}</Descriptions.Item>
            <Descriptions.Item label="手机号">{s.mobile || '未绑定'}</Descriptions.Item>
            <Descriptions.Item label="登录验证方式">
              {s.verifyMethod ? VERIFY_METHOD_LABELS[s.verifyMethod] : '-'}
            </Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title="关联企业">
          <List
            size="small"
            dataSource={s.associatedUserInfo}
            locale={{ emptyText: '没有关联的企业账号' }}
            renderItem={(a) => (
              <List.Item extra={a.current ? <Tag color="blue">当前</Tag> : null}>
                {a.companyName}（{a.userName}）
              </List.Item>
            )}
          />
        </Card>
      </Col>
      {shortcuts.length > 0 && (
        <Col span={24}>
          <Card title="快捷入口">
            <Row gutter={[12, 12]}>
              {shortcuts.map((sc) => (
                <Col key={sc.to} xs={12} md={8} xl={6}>
                  <Link to={sc.to}>
                    <Card size="small" hoverable>
                      <Typography.Text strong>{sc.title}</Typography.Text>
                      <br />
                      <Typography.Text type="secondary">{sc.group}</Typography.Text>
                    </Card>
                  </Link>
                </Col>
              ))}
            </Row>
          </Card>
        </Col>
      )}
    </Row>
  );
}
