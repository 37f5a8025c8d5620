import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import './progress.css';
import { PROGRESS_BAR } from '../config/constants';

NProgress.configure({ ...PROGRESS_BAR });

export function startProgress(): void {
  NProgress.start();
}

export function finishProgress(): void {
  NProgress.done();
}
