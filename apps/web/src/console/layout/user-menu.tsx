import {
  DashboardOutlined,
  DownOutlined,
  IdcardOutlined,
  LogoutOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '../../shared/session/logout';
import { navigateTo } from '../../shared/router/navigator';
import { useUser } from '../../shared/session/user-store';
import { CONSOLE_HOME, CONSOLE_LOGIN, CONSOLE_PROFILE } from '../console-paths';
import styles from './console-layout.module.css';
import { useOperatorName } from '../use-operator-name';

/** The navbar's user menu: console home, profile and log out (back to the console login). */
export function UserMenu() {
  const { t } = useTranslation('console');
  const navigate = useNavigate();
  const name = useOperatorName();
  const avatar = useUser((state) => state.info?.user.avatar);

  const items: MenuProps['items'] = [
    { key: 'home', icon: <DashboardOutlined aria-hidden />, label: t('layout.home') },
    { key: 'profile', icon: <IdcardOutlined aria-hidden />, label: t('users:profile.title') },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: t('navbar.logout'), danger: true },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'home') void navigate(CONSOLE_HOME);
    if (key === 'profile') void navigate(CONSOLE_PROFILE);
    if (key === 'logout') void logout().then(() => navigateTo(CONSOLE_LOGIN));
  };

  return (
    <Dropdown trigger={['click']} menu={{ items, onClick }}>
      <Button
        type="text"
        aria-label={t('common:topBar.current', { label: t('navbar.userMenu'), value: name })}
      >
        <Avatar size="small" src={avatar ?? undefined} icon={<UserOutlined aria-hidden />} />
        <span className={styles.userName}>{name}</span>
        <DownOutlined aria-hidden className={styles.caret} />
      </Button>
    </Dropdown>
  );
}
