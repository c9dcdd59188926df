import {
  AccountBookOutlined,
  ApartmentOutlined,
  BarChartOutlined,
  DownloadOutlined,
  FileProtectOutlined,
  HomeOutlined,
  PayCircleOutlined,
  ProfileOutlined,
  ReadOutlined,
  SettingOutlined,
  TeamOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/** The icons the route catalogue names, imported one by one to keep the bundle small. */
const ICONS: Record<string, ReactNode> = {
  AccountBookOutlined: <AccountBookOutlined />,
  ApartmentOutlined: <ApartmentOutlined />,
  BarChartOutlined: <BarChartOutlined />,
  DownloadOutlined: <DownloadOutlined />,
  FileProtectOutlined: <FileProtectOutlined />,
  HomeOutlined: <HomeOutlined />,
  PayCircleOutlined: <PayCircleOutlined />,
  ProfileOutlined: <ProfileOutlined />,
  ReadOutlined: <ReadOutlined />,
  SettingOutlined: <SettingOutlined />,
  TeamOutlined: <TeamOutlined />,
  WalletOutlined: <WalletOutlined />,
};

export const iconOf = (name: string | undefined): ReactNode => (name ? ICONS[name] : undefined);
