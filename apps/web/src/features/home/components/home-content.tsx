import { isInternalContentLink, type THomeSummary } from '@flexpay/contract/web';
import { Card, Col, Flex, Row, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { HomeModuleIcon } from '../../../components/home-module-icon.tsx';
import { StoredImage } from '../../../components/stored-image.tsx';

/** A content link: a console path opens in the console, an address in a new window. */
function ContentLink({ link, label, children }: { link: string; label?: string; children: ReactNode }) {
  if (!link) return <>{children}</>;
  if (isInternalContentLink(link)) {
    return (
      <Link to={link} aria-label={label}>
        {children}
      </Link>
    );
  }
  return (
    <a href={link} target="_blank" rel="noopener noreferrer" aria-label={label ? `${label}（新窗口打开）` : undefined}>
      {children}
    </a>
  );
}

/** 首页's own content below the figures: the company's enabled home modules and today's adverts. */
export function HomeContent({ modules, adverts }: Pick<THomeSummary, 'modules' | 'adverts'>) {
  const { token } = theme.useToken();
  const banners = adverts.filter((a) => a.position === 'homeBanner');
  const side = adverts.filter((a) => a.position === 'homeSide');
  if (!modules.length && !adverts.length) return null;
  return (
    <>
      {banners.length > 0 && (
        <Col span={24}>
          <section aria-label="广告">
            <Flex vertical gap={12}>
              {banners.map((a) => (
                <ContentLink key={a.id} link={a.link} label={a.title}>
                  <div data-testid="home-advert" style={{ position: 'relative', borderRadius: 8, overflow: 'hidden' }}>
                    <StoredImage fileId={a.imageFileId} alt={a.title} style={{ width: '100%', maxHeight: 200 }} />
                    <Typography.Title
                      level={4}
                      style={{
                        position: 'absolute',
                        left: 24,
                        bottom: 16,
                        margin: 0,
                        color: token.colorTextLightSolid,
                        textShadow: '0 1px 3px rgba(0,0,0,0.6)',
                      }}
                    >
                      {a.title}
                    </Typography.Title>
                  </div>
                </ContentLink>
              ))}
            </Flex>
          </section>
        </Col>
      )}
      {modules.length > 0 && (
        <Col xs={24} lg={side.length ? 16 : 24}>
          <Card title="常用功能">
            <Row gutter={[12, 12]}>
              {modules.map((m) => (
                <Col key={m.id} xs={12} md={8} xl={6}>
                  <ContentLink link={m.link}>
                    <Card size="small" hoverable data-testid="home-module">
                      <Flex align="center" gap={8}>
                        <span style={{ fontSize: 20, color: token.colorPrimary }}>
                          <HomeModuleIcon name={m.icon} />
                        </span>
                        <Typography.Text strong>{m.title}</Typography.Text>
                      </Flex>
                    </Card>
                  </ContentLink>
                </Col>
              ))}
            </Row>
          </Card>
        </Col>
      )}
      {side.length > 0 && (
        <Col xs={24} lg={modules.length ? 8 : 24}>
          <Card title="推荐">
            <Flex vertical gap={12}>
              {side.map((a) => (
                <ContentLink key={a.id} link={a.link} label={a.title}>
                  <div data-testid="home-advert">
                    <StoredImage fileId={a.imageFileId} alt={a.title} style={{ width: '100%', borderRadius: 6 }} />
                    <Typography.Text>{a.title}</Typography.Text>
                  </div>
                </ContentLink>
              ))}
            </Flex>
          </Card>
        </Col>
      )}
    </>
  );
}
