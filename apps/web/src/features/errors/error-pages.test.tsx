import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getButton, renderScreen, setupUser } from '../../components/test-utils.tsx';
import { NotFoundPage } from './routes/not-found-page.tsx';
import { UnauthorizedPage } from './routes/unauthorized-page.tsx';

const user = setupUser();

describe('error pages', () => {
  it('404 says the page does not exist, names the tab, and 返回首页 goes home', async () => {
    renderScreen(NotFoundPage, { path: '/nowhere', otherPaths: ['/'] });
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.getByText('抱歉，您访问的页面不存在。')).toBeInTheDocument();
    expect(document.title).toContain('页面不存在');
    await user.click(getButton('返回首页'));
    expect(await screen.findByText('当前页面：/')).toBeInTheDocument();
  });

  it('401 says the page is not allowed, and 返回首页 goes home', async () => {
    renderScreen(UnauthorizedPage, { path: '/401', otherPaths: ['/'] });
    expect(screen.getByText('401')).toBeInTheDocument();
    expect(screen.getByText('抱歉，您无权访问此页面。')).toBeInTheDocument();
    expect(screen.queryByText('抱歉，您访问的页面不存在。')).toBeNull();
    await user.click(getButton('返回首页'));
    expect(await screen.findByText('当前页面：/')).toBeInTheDocument();
  });
});
