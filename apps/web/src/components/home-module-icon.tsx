import {
  AccountBookOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  FileTextOutlined,
  GiftOutlined,
  NotificationOutlined,
  PhoneOutlined,
  QuestionCircleOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  TeamOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { THomeModuleIcon } from '@flexpay/contract/web';
import type { ComponentType } from 'react';

const ICONS: Record<THomeModuleIcon, ComponentType<{ 'aria-hidden'?: boolean }>> = {
  AppstoreOutlined,
  TeamOutlined,
  FileTextOutlined,
  WalletOutlined,
  AccountBookOutlined,
  ScheduleOutlined,
  BarChartOutlined,
  NotificationOutlined,
  QuestionCircleOutlined,
  SafetyCertificateOutlined,
  GiftOutlined,
  PhoneOutlined,
};

/** A 首页模块's icon by its name (HOME_MODULE_ICONS); decorative: the module's title names it. */
export function HomeModuleIcon({ name }: { name: string }) {
  const Icon = ICONS[name as THomeModuleIcon] ?? AppstoreOutlined;
  return <Icon aria-hidden />;
}
