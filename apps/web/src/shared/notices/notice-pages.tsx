import { MyNoticesPage } from './my-notices-page';
import { NoticeDetailPage } from './notice-detail-page';
import { CONSOLE_NOTICE_PATHS, STUDIO_NOTICE_PATHS } from './notices-api';

/** The reader's notice pages as the console (`/console/my-notice`) and the studio (`/notices`) route them. */
export const ConsoleMyNoticesPage = () => <MyNoticesPage paths={CONSOLE_NOTICE_PATHS} />;
export const ConsoleNoticeDetailPage = () => <NoticeDetailPage paths={CONSOLE_NOTICE_PATHS} />;
export const StudioMyNoticesPage = () => <MyNoticesPage paths={STUDIO_NOTICE_PATHS} />;
export const StudioNoticeDetailPage = () => <NoticeDetailPage paths={STUDIO_NOTICE_PATHS} />;
