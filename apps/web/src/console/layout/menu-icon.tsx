import {
  ApartmentOutlined,
  AppstoreOutlined,
  BookOutlined,
  DashboardOutlined,
  FileTextOutlined,
  LinkOutlined,
  MenuOutlined,
  NotificationOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/** The server's icon names (upstream's SVG names and `el-icon-*`) → the closest antd icon. */
const ICONS: Record<string, ReactNode> = {
  system: <SettingOutlined aria-hidden />,
  setting: <SettingOutlined aria-hidden />,
  user: <UserOutlined aria-hidden />,
  role: <TeamOutlined aria-hidden />,
  peoples: <TeamOutlined aria-hidden />,
  menu: <MenuOutlined aria-hidden />,
  tree: <ApartmentOutlined aria-hidden />,
  dept: <ApartmentOutlined aria-hidden />,
  dict: <BookOutlined aria-hidden />,
  document: <FileTextOutlined aria-hidden />,
  log: <FileTextOutlined aria-hidden />,
  notice: <NotificationOutlined aria-hidden />,
  message: <NotificationOutlined aria-hidden />,
  homepage: <DashboardOutlined aria-hidden />,
  dashboard: <DashboardOutlined aria-hidden />,
  link: <LinkOutlined aria-hidden />,
  api: <LinkOutlined aria-hidden />,
  component: <AppstoreOutlined aria-hidden />,
};

export function menuIcon(name: string | undefined): ReactNode {
  if (!name) return undefined;
  const key = name.replace(/^el-icon-/i, '').toLowerCase();
  return ICONS[key] ?? undefined;
}
